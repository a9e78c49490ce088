/// The smallest distinct values in a range of a `RangeMinimum`'s array, in ascending order.
///
/// A short range is sorted outright. A long one is split at its minimum again and again, the
/// pieces kept in a heap by their minimum, so taking `limit` values costs about `limit` range
/// queries whatever the range's length.
enum LowestRanks {
    static func take(from table: RangeMinimum, range: Range<Int>, limit: Int) -> [UInt32] {
        guard !range.isEmpty, limit > 0 else { return [] }
        if range.count <= 64 || limit >= range.count / 2 {
            var values = Array(table.values[range])
            values.sort()
            var out: [UInt32] = []
            out.reserveCapacity(min(limit, values.count))
            for value in values where out.last != value {
                out.append(value)
                if out.count == limit { break }
            }
            return out
        }
        var heap = PieceHeap()
        heap.push(piece(table, range))
        var out: [UInt32] = []
        out.reserveCapacity(limit)
        while out.count < limit, let smallest = heap.pop() {
            if out.last != smallest.value { out.append(smallest.value) }
            if smallest.range.lowerBound < smallest.position {
                heap.push(piece(table, smallest.range.lowerBound..<smallest.position))
            }
            if smallest.position + 1 < smallest.range.upperBound {
                heap.push(piece(table, smallest.position + 1..<smallest.range.upperBound))
            }
        }
        return out
    }

    private static func piece(_ table: RangeMinimum, _ range: Range<Int>) -> Piece {
        let position = table.position(ofMinimumIn: range)
        return Piece(value: table.values[position], position: position, range: range)
    }

    struct Piece {
        var value: UInt32
        var position: Int
        var range: Range<Int>
    }

    /// A binary min-heap of pieces by their minimum.
    struct PieceHeap {
        private var items: [Piece] = []

        mutating func push(_ piece: Piece) {
            items.append(piece)
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard items[child].value < items[parent].value else { break }
                items.swapAt(child, parent)
                child = parent
            }
        }

        mutating func pop() -> Piece? {
            guard let last = items.popLast() else { return nil }
            guard !items.isEmpty else { return last }
            let top = items[0]
            items[0] = last
            var parent = 0
            while true {
                let left = parent * 2 + 1, right = left + 1
                var smallest = parent
                if left < items.count && items[left].value < items[smallest].value { smallest = left }
                if right < items.count && items[right].value < items[smallest].value { smallest = right }
                guard smallest != parent else { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
            return top
        }
    }
}

/// Two ascending lists of ranks as one, without repeats, at most `limit` long.
enum RankMerge {
    static func merge(_ a: [UInt32], _ b: [UInt32], limit: Int) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(min(limit, a.count + b.count))
        var i = 0, j = 0
        while out.count < limit && (i < a.count || j < b.count) {
            let next: UInt32
            if j == b.count || (i < a.count && a[i] <= b[j]) {
                next = a[i]
                i += 1
            } else {
                next = b[j]
                j += 1
            }
            if out.last != next { out.append(next) }
        }
        return out
    }
}
