/// One side's waiting trailing stops, kept so that a new high (a new low for buys) costs
/// O(g log n) for the g groups it merges, not a touch per stop, and the stop nearest to
/// triggering is a heap top (SPEC.md §10, steps 2 and 4).
///
/// Prices are *oriented* so that both sides read as a sell: a sell's ticks as they are, a buy's
/// negated. A stop's reference is then the highest oriented last since its placement, a last `L`
/// moves every reference below `L` to `L`, and a stop triggers when the oriented last is at or
/// below its oriented level, which never falls as its reference rises.
///
/// Stops that share their reference form a `TrailGroup`: the stops placed on one tick start in
/// one, and a last beyond several groups' references merges them into one whose reference is
/// that last (the smaller groups' stops join the largest's heaps, so a stop changes groups
/// O(log n) times at most). Within a group the level only depends on the trail, so each group
/// keeps its stops by trail, smallest first (the highest level); `byLevel` holds each group at
/// its nearest level and `byReference` at its reference. Heap entries are dropped lazily: a
/// group's entry is live while the group still has that level or reference, a stop's while it
/// is still in that group, and the heaps are rebuilt when dead entries outnumber live ones.
struct TrailGroups: Sendable {
    /// A waiting trailing stop: its trail, and its group (nil before its first last price).
    struct Member: Sendable {
        var group: Int64?
        let trail: Trail
    }

    let side: Side
    private var groups: [Int64: TrailGroup] = [:]
    private var nextGroup: Int64 = 0
    private var members: [Int64: Member] = [:]
    /// Stops placed before any last price, by rank (some may have gone since).
    private var unreferenced: [Int64] = []
    /// Each group at its oriented reference, lowest first: the ones the next new high merges.
    private var byReference = RankHeap()
    /// Each group at its oriented level, negated: the group nearest to triggering first.
    private var byLevel = RankHeap()
    /// The group that took the latest placement or move: a stop placed at the same reference
    /// joins it.
    private var latest: Int64?

    init(side: Side) {
        self.side = side
    }

    var count: Int { members.count }

    /// Whether a stop waits for its first last price (it may have been cancelled since).
    var hasUnreferenced: Bool { !unreferenced.isEmpty }

    /// A trailing stop, with the reference it starts from (nil before any last price).
    mutating func insert(rank: Int64, trail: Trail, reference: Price?) {
        guard let reference else {
            members[rank] = Member(group: nil, trail: trail)
            unreferenced.append(rank)
            return
        }
        let oriented = side.oriented(reference)
        let id: Int64
        var group: TrailGroup
        if let latest, groups[latest]?.reference == oriented, let joined = groups.removeValue(forKey: latest) {
            (id, group) = (latest, joined)
        } else {
            (id, group) = makeGroup(reference: oriented)
            byReference.push(.init(key: oriented, rank: id))
        }
        members[rank] = Member(group: id, trail: trail)
        group.add(rank, trail: trail)
        file(id, group)
        latest = id
    }

    /// Forgets a stop that was cancelled or expired (a triggered one is gone already).
    mutating func remove(rank: Int64) {
        guard let member = members.removeValue(forKey: rank), let id = member.group,
            var group = groups.removeValue(forKey: id)
        else { return }
        group.count -= 1
        file(id, group)
    }

    /// The current reference of the stop at `rank`; nil for no such stop or none yet.
    func reference(of rank: Int64) -> Price? {
        guard let id = members[rank]?.group, let group = groups[id] else { return nil }
        return side.price(oriented: group.reference)
    }

    /// Step 2: every reference short of `last` becomes `last`, and the stops with none yet take
    /// it. Returns whether any stop moved, and, when `listing`, the ranks of those that did.
    mutating func trail(to last: Price, listing: Bool) -> (moved: Bool, ranks: [Int64]) {
        let oriented = side.oriented(last)
        // The common tick: no group is short of `last` and no stop waits for a first last.
        guard unreferenced.isEmpty == false || byReference.top.map({ $0.key < oriented }) == true else {
            return (false, [])
        }
        var merging: [Int64] = []
        // One live entry per group: a group's entry is pushed when it is made or its reference moves.
        while let top = byReference.top, top.key < oriented {
            byReference.pop()
            if groups[top.rank]?.reference == top.key { merging.append(top.rank) }
        }
        let waiting = unreferenced.filter { rank in members[rank].map { $0.group == nil } ?? false }
        unreferenced.removeAll()
        guard !merging.isEmpty || !waiting.isEmpty else { return (false, []) }
        var ranks: [Int64] = []
        if listing {
            for id in merging { ranks += groups[id]?.liveRanks(id: id, members: members) ?? [] }
            ranks += waiting
        }
        // The largest group keeps its heaps and takes the others' stops.
        let id: Int64
        var merged: TrailGroup
        if let largest = merging.max(by: { (groups[$0]?.count ?? 0) < (groups[$1]?.count ?? 0) }),
            let group = groups.removeValue(forKey: largest)
        {
            (id, merged) = (largest, group)
        } else {
            (id, merged) = makeGroup(reference: oriented)
        }
        for other in merging where other != id {
            guard let group = groups.removeValue(forKey: other) else { continue }
            for entry in group.entries {
                guard let member = members[entry.rank], member.group == other else { continue }
                members[entry.rank]?.group = id
                merged.add(entry.rank, trail: member.trail)
            }
        }
        for rank in waiting {
            guard let trail = members[rank]?.trail else { continue }
            members[rank]?.group = id
            merged.add(rank, trail: trail)
        }
        merged.reference = oriented
        byReference.push(.init(key: oriented, rank: id))
        file(id, merged)
        latest = id
        return (true, ranks)
    }

    /// Step 4: takes out every stop that `last` triggers and appends them, with their reference,
    /// to `triggered`.
    mutating func trigger(at last: Price, into triggered: inout [(rank: Int64, reference: Price?)]) {
        let oriented = side.oriented(last)
        while let top = byLevel.top, -top.key >= oriented {
            byLevel.pop()
            guard var group = groups[top.rank], group.level == -top.key else { continue }
            groups[top.rank] = nil
            let taken = group.takeTriggered(at: oriented, side: side, id: top.rank, members: members)
            let reference = side.price(oriented: group.reference)
            for rank in taken {
                members[rank] = nil
                triggered.append((rank, reference))
            }
            file(top.rank, group)
        }
    }

    // MARK: - What the next tick would have to reach (EngineWake)

    /// The level of the stop nearest to triggering (the lowest for buys, the highest for sells).
    mutating func nearestLevel() -> Price? {
        while let top = byLevel.top {
            if groups[top.rank]?.level == -top.key { return side.price(oriented: -top.key) }
            byLevel.pop()
        }
        return nil
    }

    /// The reference a last must pass to move a stop (the highest for buys, the lowest for sells).
    mutating func nearestReference() -> Price? {
        while let top = byReference.top {
            if groups[top.rank]?.reference == top.key { return side.price(oriented: top.key) }
            byReference.pop()
        }
        return nil
    }

    // MARK: - Groups

    /// A new, empty group at `reference` (neither stored nor filed yet).
    private mutating func makeGroup(reference: Int64) -> (Int64, TrailGroup) {
        let id = nextGroup
        nextGroup += 1
        return (id, TrailGroup(reference: reference))
    }

    /// Stores group `id` after a change, with the dead entries off its heaps' tops, filed at its
    /// nearest level; a group with no stop left is forgotten.
    private mutating func file(_ id: Int64, _ changed: TrailGroup) {
        var group = changed
        guard group.count > 0 else {
            if latest == id { latest = nil }
            return
        }
        group.dropDead(id: id, members: members)
        let level = group.topLevel(side: side, members: members)
        if group.level != level {
            group.level = level
            if let level { byLevel.push(.init(key: -level, rank: id)) }
        }
        groups[id] = group
        tidy()
    }

    /// Rebuilds the group heaps without dead entries once they outnumber the live ones.
    private mutating func tidy() {
        guard
            byLevel.count > 32 && byLevel.count > 2 * groups.count
                || byReference.count > 32 && byReference.count > 2 * groups.count
        else { return }
        let groups = self.groups
        byLevel.filter { groups[$0.rank]?.level == -$0.key }
        byReference.filter { groups[$0.rank]?.reference == $0.key }
    }
}
