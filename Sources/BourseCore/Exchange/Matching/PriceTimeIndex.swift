/// The fast index: per side, a binary min-heap on (limit made "smaller is better", submission
/// order), so the order that trades first is at the top.
///
/// A cancel deep in the heap is lazy: the entry is marked and dropped when it reaches the top,
/// and the heap is rebuilt without the marked entries when they outnumber the live ones, so
/// memory stays proportional to the open orders.
struct PriceTimeIndex: RestingOrderIndex {
    private var buys = SideHeap(side: .buy)
    private var sells = SideHeap(side: .sell)

    mutating func insert(_ key: RestingKey) {
        switch key.side {
        case .buy: buys.insert(key)
        case .sell: sells.insert(key)
        }
    }

    mutating func remove(_ key: RestingKey) {
        switch key.side {
        case .buy: buys.remove(key)
        case .sell: sells.remove(key)
        }
    }

    mutating func first(_ side: Side) -> RestingKey? {
        switch side {
        case .buy: buys.first()
        case .sell: sells.first()
        }
    }
}

/// One side's heap, on `RankHeap`: the key is the limit in ticks, negated for buys so that the
/// best limit is always the smallest key; the rank is the submission order.
struct SideHeap: Sendable {
    let side: Side
    private var heap = RankHeap()
    /// Priorities removed but still in `heap`.
    private var removed: Set<Int64> = []

    init(side: Side) {
        self.side = side
    }

    mutating func insert(_ key: RestingKey) {
        heap.push(RankHeap.Entry(key: side == .buy ? -key.limit.ticks : key.limit.ticks, rank: key.priority))
    }

    mutating func remove(_ key: RestingKey) {
        if let top = heap.top, top.rank == key.priority {
            heap.pop()
            dropRemovedTop()
            return
        }
        removed.insert(key.priority)
        if removed.count > 32 && removed.count * 2 > heap.count {
            // Drops every removed entry at once and restores the heap in O(n).
            let removed = self.removed
            heap.filter { !removed.contains($0.rank) }
            self.removed.removeAll(keepingCapacity: true)
        }
    }

    mutating func first() -> RestingKey? {
        dropRemovedTop()
        guard let top = heap.top else { return nil }
        return RestingKey(side: side, limit: Price(ticks: side == .buy ? -top.key : top.key), priority: top.rank)
    }

    private mutating func dropRemovedTop() {
        while let top = heap.top, removed.remove(top.rank) != nil {
            heap.pop()
        }
    }
}
