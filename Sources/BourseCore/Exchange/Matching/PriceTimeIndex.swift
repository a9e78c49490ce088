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

/// One side's heap.
struct SideHeap: Sendable {
    /// Entries ordered as plain integers: `rank` is the limit in ticks, negated for buys so that
    /// the best limit is always the smallest rank.
    struct Entry: Sendable {
        var rank: Int64
        var priority: Int64

        static func < (a: Entry, b: Entry) -> Bool {
            a.rank != b.rank ? a.rank < b.rank : a.priority < b.priority
        }
    }

    let side: Side
    private var heap: [Entry] = []
    /// Priorities removed but still in `heap`.
    private var removed: Set<Int64> = []

    init(side: Side) {
        self.side = side
    }

    mutating func insert(_ key: RestingKey) {
        heap.append(entry(key))
        siftUp(heap.count - 1)
    }

    mutating func remove(_ key: RestingKey) {
        if let top = heap.first, top.priority == key.priority {
            popTop()
            dropRemovedTop()
            return
        }
        removed.insert(key.priority)
        if removed.count > 32 && removed.count * 2 > heap.count { rebuild() }
    }

    mutating func first() -> RestingKey? {
        dropRemovedTop()
        guard let top = heap.first else { return nil }
        return RestingKey(side: side, limit: Price(ticks: side == .buy ? -top.rank : top.rank), priority: top.priority)
    }

    private func entry(_ key: RestingKey) -> Entry {
        Entry(rank: side == .buy ? -key.limit.ticks : key.limit.ticks, priority: key.priority)
    }

    private mutating func dropRemovedTop() {
        while let top = heap.first, removed.remove(top.priority) != nil {
            popTop()
        }
    }

    private mutating func popTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    /// Drops every removed entry at once and restores the heap in O(n).
    private mutating func rebuild() {
        heap.removeAll { removed.contains($0.priority) }
        removed.removeAll(keepingCapacity: true)
        var i = heap.count / 2
        while i > 0 {
            i -= 1
            siftDown(i)
        }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        let item = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard item < heap[parent] else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = item
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let item = heap[parent]
        let count = heap.count
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count, heap[child + 1] < heap[child] { child += 1 }
            guard heap[child] < item else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = item
    }
}
