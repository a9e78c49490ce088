/// The stops waiting for their trigger, indexed so that a tick that triggers nothing and moves no
/// trailing reference costs O(1), and triggering k stops costs O(k log n) (SPEC.md §10).
///
/// Per side, `byLevel` orders the stops by how near they are to triggering: a buy triggers when
/// the last price is at or above its level, so buys are keyed by level, lowest first; a sell
/// triggers at or below, so sells by level negated. Trailing stops are also in `byReference`,
/// keyed so that the ones a new last price moves are on top: a buy's reference is the lowest last
/// since placement, so a last below it moves it (highest reference first); a sell's the highest.
/// Entries are dropped lazily: one is live while its rank still waits with that level or
/// reference (`levels`, `references`), and the heaps are rebuilt when dead entries outnumber live.
struct WaitingStops: Sendable {
    private var buysByLevel = RankHeap()
    private var sellsByLevel = RankHeap()
    private var buysByReference = RankHeap()
    private var sellsByReference = RankHeap()
    /// The current level of each waiting stop that has one, by rank.
    private(set) var levels: [Int64: Price] = [:]
    /// The current reference of each trailing stop that has one, by rank.
    private(set) var references: [Int64: Price] = [:]
    /// Each waiting stop's side and trail, by rank.
    private var stops: [Int64: (side: Side, trail: Trail?)] = [:]
    /// Trailing stops placed before any last price: they take the next one as their reference.
    private var unreferenced: [Int64] = []

    var count: Int { stops.count }

    /// A stop with a fixed level.
    mutating func insert(rank: Int64, side: Side, level: Price) {
        stops[rank] = (side, nil)
        setLevel(rank, side: side, level: level)
    }

    /// A trailing stop, with the reference it starts from (nil before any last price).
    mutating func insert(rank: Int64, side: Side, trail: Trail, reference: Price?) {
        stops[rank] = (side, trail)
        if let reference {
            setReference(rank, side: side, trail: trail, reference: reference)
        } else {
            unreferenced.append(rank)
        }
    }

    /// Forgets a stop that was cancelled, expired or triggered.
    mutating func remove(rank: Int64) {
        stops[rank] = nil
        levels[rank] = nil
        references[rank] = nil
        tidy()
    }

    /// Moves the trailing stops' references to `last` where it is beyond them. Returns the ranks
    /// whose level moved, so that the caller can update what it shows.
    mutating func trail(to last: Price) -> [Int64] {
        var moved: [Int64] = []
        if !unreferenced.isEmpty {
            for rank in unreferenced {
                guard let stop = stops[rank], let trail = stop.trail else { continue }
                setReference(rank, side: stop.side, trail: trail, reference: last)
                moved.append(rank)
            }
            unreferenced.removeAll()
        }
        // A buy's reference falls to a lower last; a sell's rises to a higher one.
        // Each heap is taken out while it is worked on, so that the work may touch the rest of self.
        var buys = RankHeap()
        var sells = RankHeap()
        swap(&buys, &buysByReference)
        swap(&sells, &sellsByReference)
        follow(&buys, side: .buy, beyond: -last.ticks, to: last, moved: &moved)
        follow(&sells, side: .sell, beyond: last.ticks, to: last, moved: &moved)
        swap(&buys, &buysByReference)
        swap(&sells, &sellsByReference)
        if !moved.isEmpty { tidy() }
        return moved
    }

    /// Takes out every stop that `last` triggers (buy: last ≥ level; sell: last ≤ level) and
    /// returns their ranks, in placement order.
    mutating func trigger(at last: Price) -> [Int64] {
        var triggered: [Int64] = []
        var buys = RankHeap()
        var sells = RankHeap()
        swap(&buys, &buysByLevel)
        swap(&sells, &sellsByLevel)
        take(&buys, side: .buy, reach: last.ticks, into: &triggered)
        take(&sells, side: .sell, reach: -last.ticks, into: &triggered)
        swap(&buys, &buysByLevel)
        swap(&sells, &sellsByLevel)
        guard !triggered.isEmpty else { return [] }
        for rank in triggered { remove(rank: rank) }
        return triggered.sorted()
    }

    /// Pops the trailing stops of one side whose reference `last` moves, and moves it.
    private mutating func follow(
        _ heap: inout RankHeap, side: Side, beyond: Int64, to last: Price, moved: inout [Int64]
    ) {
        while let top = heap.top, top.key < beyond {
            heap.pop()
            guard let stop = stops[top.rank], let trail = stop.trail,
                references[top.rank]?.ticks == (side == .buy ? -top.key : top.key)
            else { continue }
            // The heap is out of self here: the new reference goes back into it directly.
            references[top.rank] = last
            heap.push(.init(key: beyond, rank: top.rank))
            setLevel(top.rank, side: side, level: trail.stopLevel(reference: last, side: side))
            moved.append(top.rank)
        }
    }

    /// Pops the stops of one side whose level `reach` meets (dead entries are dropped).
    private func take(_ heap: inout RankHeap, side: Side, reach: Int64, into triggered: inout [Int64]) {
        while let top = heap.top, top.key <= reach {
            heap.pop()
            guard let level = levels[top.rank], (side == .buy ? level.ticks : -level.ticks) == top.key else { continue }
            triggered.append(top.rank)
        }
    }

    /// Whether `last` would trigger a stop of `side` at `level`.
    static func triggers(_ last: Price, side: Side, level: Price) -> Bool {
        side == .buy ? last >= level : last <= level
    }

    private mutating func setReference(_ rank: Int64, side: Side, trail: Trail, reference: Price) {
        references[rank] = reference
        if side == .buy {
            buysByReference.push(.init(key: -reference.ticks, rank: rank))
        } else {
            sellsByReference.push(.init(key: reference.ticks, rank: rank))
        }
        setLevel(rank, side: side, level: trail.stopLevel(reference: reference, side: side))
    }

    private mutating func setLevel(_ rank: Int64, side: Side, level: Price) {
        levels[rank] = level
        if side == .buy {
            buysByLevel.push(.init(key: level.ticks, rank: rank))
        } else {
            sellsByLevel.push(.init(key: -level.ticks, rank: rank))
        }
    }

    // MARK: - What the next tick would have to reach (EngineWake)

    /// Whether a trailing stop waits for its first last price: any last gives it its reference.
    var hasUnreferenced: Bool { !unreferenced.isEmpty }

    /// The lowest level of a waiting buy stop: a last at or above it triggers one.
    mutating func lowestBuyLevel() -> Price? {
        let levels = self.levels
        return Self.liveTop(&buysByLevel) { levels[$0.rank]?.ticks == $0.key }.map { Price(ticks: $0.key) }
    }

    /// The highest level of a waiting sell stop: a last at or below it triggers one.
    mutating func highestSellLevel() -> Price? {
        let levels = self.levels
        return Self.liveTop(&sellsByLevel) { levels[$0.rank]?.ticks == -$0.key }.map { Price(ticks: -$0.key) }
    }

    /// The highest reference of a buy trailing stop: a last below it moves one.
    mutating func highestBuyReference() -> Price? {
        let references = self.references
        return Self.liveTop(&buysByReference) { references[$0.rank]?.ticks == -$0.key }.map { Price(ticks: -$0.key) }
    }

    /// The lowest reference of a sell trailing stop: a last above it moves one.
    mutating func lowestSellReference() -> Price? {
        let references = self.references
        return Self.liveTop(&sellsByReference) { references[$0.rank]?.ticks == $0.key }.map { Price(ticks: $0.key) }
    }

    /// The heap's top once the dead entries above the first live one are dropped: O(1) amortised,
    /// each entry being dropped once.
    private static func liveTop(_ heap: inout RankHeap, isLive: (RankHeap.Entry) -> Bool) -> RankHeap.Entry? {
        while let top = heap.top, !isLive(top) { heap.pop() }
        return heap.top
    }

    /// Rebuilds the heaps without dead entries once they outnumber the live ones.
    private mutating func tidy() {
        let heapEntries = buysByLevel.count + sellsByLevel.count + buysByReference.count + sellsByReference.count
        guard heapEntries > 64, heapEntries > 4 * (levels.count + references.count) else { return }
        let (levels, references) = (self.levels, self.references)
        buysByLevel.filter { levels[$0.rank]?.ticks == $0.key }
        sellsByLevel.filter { levels[$0.rank]?.ticks == -$0.key }
        buysByReference.filter { references[$0.rank]?.ticks == -$0.key }
        sellsByReference.filter { references[$0.rank]?.ticks == $0.key }
    }
}
