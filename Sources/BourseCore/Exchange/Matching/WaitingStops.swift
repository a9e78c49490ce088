/// The stops waiting for their trigger, indexed so that a tick that triggers nothing costs O(1)
/// amortised, a new high or low O(log n) however many trailing stops it moves, and triggering k
/// stops O(k log n) (SPEC.md §10).
///
/// Stops with a fixed level are in a heap per side ordered by how near they are to triggering: a
/// buy triggers when the last price is at or above its level, so buys are keyed by level, lowest
/// first; a sell triggers at or below, so sells by level negated. Their entries are dropped
/// lazily: one is live while its rank still waits with that level (`levels`), and the heaps are
/// rebuilt when dead entries outnumber live ones. Trailing stops are in `TrailGroups`, one per
/// side, grouped by the reference they share.
struct WaitingStops: Sendable {
    private var buysByLevel = RankHeap()
    private var sellsByLevel = RankHeap()
    /// The level of each waiting stop with a fixed level, by rank.
    private var levels: [Int64: Price] = [:]
    private var trailingBuys = TrailGroups(side: .buy)
    private var trailingSells = TrailGroups(side: .sell)

    var count: Int { levels.count + trailingBuys.count + trailingSells.count }

    /// A stop with a fixed level.
    mutating func insert(rank: Int64, side: Side, level: Price) {
        levels[rank] = level
        if side == .buy {
            buysByLevel.push(.init(key: level.ticks, rank: rank))
        } else {
            sellsByLevel.push(.init(key: -level.ticks, rank: rank))
        }
    }

    /// A trailing stop, with the reference it starts from (nil before any last price).
    mutating func insert(rank: Int64, side: Side, trail: Trail, reference: Price?) {
        if side == .buy {
            trailingBuys.insert(rank: rank, trail: trail, reference: reference)
        } else {
            trailingSells.insert(rank: rank, trail: trail, reference: reference)
        }
    }

    /// Forgets a stop that was cancelled or expired.
    mutating func remove(rank: Int64) {
        if levels.removeValue(forKey: rank) != nil {
            tidy()
        } else {
            trailingBuys.remove(rank: rank)
            trailingSells.remove(rank: rank)
        }
    }

    /// The current reference of a waiting trailing stop; nil before its first last price.
    func reference(of rank: Int64) -> Price? {
        trailingBuys.reference(of: rank) ?? trailingSells.reference(of: rank)
    }

    /// Step 2: moves the trailing stops' references to `last` where it is beyond them. Returns
    /// the sides whose stops moved (buys first) and, when `listing`, the ranks that moved.
    mutating func trail(to last: Price, listing: Bool) -> (sides: [Side], ranks: [Int64]) {
        let buys = trailingBuys.trail(to: last, listing: listing)
        let sells = trailingSells.trail(to: last, listing: listing)
        guard buys.moved || sells.moved else { return ([], []) }
        let sides = (buys.moved ? [Side.buy] : []) + (sells.moved ? [.sell] : [])
        return (sides, buys.ranks + sells.ranks)
    }

    /// Takes out every stop that `last` triggers (buy: last ≥ level; sell: last ≤ level) and
    /// returns them in placement order, a trailing stop with the reference it had.
    mutating func trigger(at last: Price) -> [(rank: Int64, reference: Price?)] {
        var triggered: [(rank: Int64, reference: Price?)] = []
        var buys = RankHeap()
        var sells = RankHeap()
        // Each heap is taken out while it is worked on, so that the work may read the rest of self.
        swap(&buys, &buysByLevel)
        swap(&sells, &sellsByLevel)
        take(&buys, side: .buy, reach: last.ticks, into: &triggered)
        take(&sells, side: .sell, reach: -last.ticks, into: &triggered)
        swap(&buys, &buysByLevel)
        swap(&sells, &sellsByLevel)
        if !triggered.isEmpty {
            for stop in triggered { levels[stop.rank] = nil }
        }
        trailingBuys.trigger(at: last, into: &triggered)
        trailingSells.trigger(at: last, into: &triggered)
        guard !triggered.isEmpty else { return [] }
        tidy()
        return triggered.sorted { $0.rank < $1.rank }
    }

    /// Pops the fixed stops of one side whose level `reach` meets (dead entries are dropped).
    private func take(
        _ heap: inout RankHeap, side: Side, reach: Int64, into triggered: inout [(rank: Int64, reference: Price?)]
    ) {
        while let top = heap.top, top.key <= reach {
            heap.pop()
            guard let level = levels[top.rank], (side == .buy ? level.ticks : -level.ticks) == top.key else { continue }
            triggered.append((top.rank, nil))
        }
    }

    /// Whether `last` would trigger a stop of `side` at `level`.
    static func triggers(_ last: Price, side: Side, level: Price) -> Bool {
        side == .buy ? last >= level : last <= level
    }

    // MARK: - What the next tick would have to reach (EngineWake)

    /// Whether a trailing stop waits for its first last price: any last gives it its reference.
    var hasUnreferenced: Bool { trailingBuys.hasUnreferenced || trailingSells.hasUnreferenced }

    /// The lowest level of a waiting buy stop: a last at or above it triggers one.
    mutating func lowestBuyLevel() -> Price? {
        let levels = self.levels
        let fixed = Self.liveTop(&buysByLevel) { levels[$0.rank]?.ticks == $0.key }.map { Price(ticks: $0.key) }
        guard let trailing = trailingBuys.nearestLevel() else { return fixed }
        return fixed.map { min($0, trailing) } ?? trailing
    }

    /// The highest level of a waiting sell stop: a last at or below it triggers one.
    mutating func highestSellLevel() -> Price? {
        let levels = self.levels
        let fixed = Self.liveTop(&sellsByLevel) { levels[$0.rank]?.ticks == -$0.key }.map { Price(ticks: -$0.key) }
        guard let trailing = trailingSells.nearestLevel() else { return fixed }
        return fixed.map { max($0, trailing) } ?? trailing
    }

    /// The highest reference of a buy trailing stop: a last below it moves one.
    mutating func highestBuyReference() -> Price? { trailingBuys.nearestReference() }

    /// The lowest reference of a sell trailing stop: a last above it moves one.
    mutating func lowestSellReference() -> Price? { trailingSells.nearestReference() }

    /// The heap's top once the dead entries above the first live one are dropped: O(1) amortised,
    /// each entry being dropped once.
    private static func liveTop(_ heap: inout RankHeap, isLive: (RankHeap.Entry) -> Bool) -> RankHeap.Entry? {
        while let top = heap.top, !isLive(top) { heap.pop() }
        return heap.top
    }

    /// Rebuilds the fixed stops' heaps without dead entries once they outnumber the live ones.
    private mutating func tidy() {
        let heapEntries = buysByLevel.count + sellsByLevel.count
        guard heapEntries > 64, heapEntries > 4 * levels.count else { return }
        let levels = self.levels
        buysByLevel.filter { levels[$0.rank]?.ticks == $0.key }
        sellsByLevel.filter { levels[$0.rank]?.ticks == -$0.key }
    }
}
