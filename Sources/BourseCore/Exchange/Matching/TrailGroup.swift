/// Trailing stops of one side that share their reference (oriented, see `TrailGroups`), by trail:
/// for one reference a smaller amount or percent gives a level nearer to triggering, so each
/// heap's top is its nearest stop. Entries of stops that left the group stay until they reach a
/// top or outnumber the live ones; a stop is live here while `members` files it in this group.
struct TrailGroup: Sendable {
    /// The oriented reference every stop of the group has.
    var reference: Int64
    /// Amount trails, keyed by the amount in ticks.
    private(set) var amounts = RankHeap()
    /// Percent trails, keyed by the percent × 10^4.
    private(set) var percents = RankHeap()
    /// The live stops.
    var count = 0
    /// The oriented level of the group's nearest stop, as `TrailGroups.byLevel` files it.
    var level: Int64?

    init(reference: Int64) {
        self.reference = reference
    }

    mutating func add(_ rank: Int64, trail: Trail) {
        switch trail {
        case .amount(let amount): amounts.push(.init(key: amount.ticks, rank: rank))
        case .percent(let percent): percents.push(.init(key: Int64(percent.scaled), rank: rank))
        }
        count += 1
    }

    /// Every entry, live or not.
    var entries: [RankHeap.Entry] { amounts.entries + percents.entries }

    /// The ranks of the live stops, in no particular order.
    func liveRanks(id: Int64, members: [Int64: TrailGroups.Member]) -> [Int64] {
        entries.compactMap { members[$0.rank]?.group == id ? $0.rank : nil }
    }

    /// Drops the dead entries off both tops, and all of them once they outnumber the live ones.
    mutating func dropDead(id: Int64, members: [Int64: TrailGroups.Member]) {
        let isLive = { (entry: RankHeap.Entry) in members[entry.rank]?.group == id }
        if amounts.count + percents.count > 32, amounts.count + percents.count > 2 * count {
            amounts.filter(isLive)
            percents.filter(isLive)
        }
        while let top = amounts.top, !isLive(top) { amounts.pop() }
        while let top = percents.top, !isLive(top) { percents.pop() }
    }

    /// The oriented level of the nearest stop, with live tops (`dropDead`); nil when empty.
    func topLevel(side: Side, members: [Int64: TrailGroups.Member]) -> Int64? {
        func level(_ top: RankHeap.Entry?) -> Int64? {
            top.flatMap { members[$0.rank] }.map { side.orientedLevel($0.trail, reference: reference) }
        }
        guard let amount = level(amounts.top) else { return level(percents.top) }
        return level(percents.top).map { max($0, amount) } ?? amount
    }

    /// Takes out the stops whose oriented level is at or above `oriented` (the oriented last
    /// triggers them) and returns their ranks; the caller forgets them in `members`.
    mutating func takeTriggered(at oriented: Int64, side: Side, id: Int64, members: [Int64: TrailGroups.Member]) -> [Int64] {
        var taken: [Int64] = []
        let reference = reference
        Self.take(&amounts, at: oriented, reference: reference, side: side, id: id, members: members, into: &taken)
        Self.take(&percents, at: oriented, reference: reference, side: side, id: id, members: members, into: &taken)
        count -= taken.count
        return taken
    }

    private static func take(
        _ heap: inout RankHeap, at oriented: Int64, reference: Int64, side: Side, id: Int64,
        members: [Int64: TrailGroups.Member], into taken: inout [Int64]
    ) {
        while let top = heap.top {
            guard let member = members[top.rank], member.group == id else {
                heap.pop()
                continue
            }
            guard side.orientedLevel(member.trail, reference: reference) >= oriented else { return }
            heap.pop()
            taken.append(top.rank)
        }
    }
}

extension Side {
    /// A price as `TrailGroups` reads it: a sell's ticks, a buy's negated, so that for both a
    /// higher oriented last moves a reference and a lower one triggers.
    func oriented(_ price: Price) -> Int64 { self == .sell ? price.ticks : -price.ticks }

    /// The price an oriented value stands for.
    func price(oriented: Int64) -> Price { Price(ticks: self == .sell ? oriented : -oriented) }

    /// The oriented stop level of `trail` at the oriented `reference` (SPEC.md §10, step 2).
    func orientedLevel(_ trail: Trail, reference: Int64) -> Int64 {
        oriented(trail.stopLevel(reference: price(oriented: reference), side: self))
    }
}
