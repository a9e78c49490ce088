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
    private var byLevel = [Side: RankHeap]()
    private var byReference = [Side: RankHeap]()
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
        for side in Side.allCases {
            // A buy's reference falls to a lower last; a sell's rises to a higher one.
            let beyond: Int64 = side == .buy ? -last.ticks : last.ticks
            while let top = byReference[side]?.top, top.key < beyond {
                byReference[side]?.pop()
                guard let stop = stops[top.rank], let trail = stop.trail,
                    references[top.rank]?.ticks == (side == .buy ? -top.key : top.key)
                else { continue }
                setReference(top.rank, side: side, trail: trail, reference: last)
                moved.append(top.rank)
            }
        }
        return moved
    }

    /// Takes out every stop that `last` triggers (buy: last ≥ level; sell: last ≤ level) and
    /// returns their ranks, in placement order.
    mutating func trigger(at last: Price) -> [Int64] {
        var triggered: [Int64] = []
        for side in Side.allCases {
            let reach: Int64 = side == .buy ? last.ticks : -last.ticks
            while let top = byLevel[side]?.top, top.key <= reach {
                byLevel[side]?.pop()
                guard let level = levels[top.rank], (side == .buy ? level.ticks : -level.ticks) == top.key else {
                    continue
                }
                triggered.append(top.rank)
            }
        }
        for rank in triggered { remove(rank: rank) }
        return triggered.sorted()
    }

    /// Whether `last` would trigger a stop of `side` at `level`.
    static func triggers(_ last: Price, side: Side, level: Price) -> Bool {
        side == .buy ? last >= level : last <= level
    }

    private mutating func setReference(_ rank: Int64, side: Side, trail: Trail, reference: Price) {
        references[rank] = reference
        byReference[side, default: RankHeap()].push(
            .init(key: side == .buy ? -reference.ticks : reference.ticks, rank: rank))
        setLevel(rank, side: side, level: trail.stopLevel(reference: reference, side: side))
    }

    private mutating func setLevel(_ rank: Int64, side: Side, level: Price) {
        levels[rank] = level
        byLevel[side, default: RankHeap()].push(.init(key: side == .buy ? level.ticks : -level.ticks, rank: rank))
    }

    /// Rebuilds the heaps without dead entries once they outnumber the live ones.
    private mutating func tidy() {
        let heapEntries = byLevel.values.reduce(0) { $0 + $1.count } + byReference.values.reduce(0) { $0 + $1.count }
        guard heapEntries > 64, heapEntries > 4 * (levels.count + references.count) else { return }
        for side in Side.allCases {
            byLevel[side]?.filter { entry in
                levels[entry.rank].map { (side == .buy ? $0.ticks : -$0.ticks) == entry.key } ?? false
            }
            byReference[side]?.filter { entry in
                references[entry.rank].map { (side == .buy ? -$0.ticks : $0.ticks) == entry.key } ?? false
            }
        }
    }
}
