/// A binary min-heap of (key, rank) pairs: the smallest key first, then the lowest rank (the
/// earliest order). Keys are ticks, negated where the largest must come first.
struct RankHeap: Sendable {
    struct Entry: Sendable, Comparable {
        var key: Int64
        var rank: Int64

        static func < (a: Entry, b: Entry) -> Bool {
            a.key != b.key ? a.key < b.key : a.rank < b.rank
        }
    }

    private(set) var entries: [Entry] = []

    var count: Int { entries.count }
    var top: Entry? { entries.first }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entry < entries[parent] else { break }
            entries[child] = entries[parent]
            child = parent
        }
        entries[child] = entry
    }

    @discardableResult
    mutating func pop() -> Entry? {
        guard let first = entries.first else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries[0] = last
            siftDown(0)
        }
        return first
    }

    /// Keeps only the entries `keep` accepts, in O(n).
    mutating func filter(_ keep: (Entry) -> Bool) {
        entries.removeAll { !keep($0) }
        var i = entries.count / 2
        while i > 0 {
            i -= 1
            siftDown(i)
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let item = entries[parent]
        let count = entries.count
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count, entries[child + 1] < entries[child] { child += 1 }
            guard entries[child] < item else { break }
            entries[parent] = entries[child]
            parent = child
        }
        entries[parent] = item
    }
}
