/// Where the smallest value of any range of a fixed array is, in time independent of the range's
/// length: a sparse table over blocks of 32 values (so its memory is a small fraction of the
/// array's), and a scan of the partial blocks at either end.
struct RangeMinimum: Sendable {
    static let blockSize = 32

    let values: [UInt32]
    /// `levels[j][b]`: the position of the smallest value in blocks `b ..< b + 2^j`.
    private let levels: [[UInt32]]

    init(_ values: [UInt32]) {
        self.values = values
        let blockCount = (values.count + Self.blockSize - 1) / Self.blockSize
        var first = [UInt32](repeating: 0, count: blockCount)
        for block in 0..<blockCount {
            let start = block * Self.blockSize
            var best = start
            for position in start..<min(start + Self.blockSize, values.count) where values[position] < values[best] {
                best = position
            }
            first[block] = UInt32(best)
        }
        var levels = [first]
        var span = 1
        while span * 2 <= blockCount {
            let previous = levels[levels.count - 1]
            var next = [UInt32](repeating: 0, count: blockCount - span * 2 + 1)
            for block in 0..<next.count {
                let a = previous[block], b = previous[block + span]
                next[block] = values[Int(b)] < values[Int(a)] ? b : a
            }
            levels.append(next)
            span *= 2
        }
        self.levels = levels
    }

    /// The position of the smallest value in `range` (any one of them on ties); `range` is not empty.
    func position(ofMinimumIn range: Range<Int>) -> Int {
        let firstFullBlock = (range.lowerBound + Self.blockSize - 1) / Self.blockSize
        let endFullBlock = range.upperBound / Self.blockSize
        guard firstFullBlock < endFullBlock else { return scan(range) }
        let blocks = endFullBlock - firstFullBlock
        let level = Int.bitWidth - 1 - blocks.leadingZeroBitCount
        let table = levels[level]
        let left = Int(table[firstFullBlock]), right = Int(table[endFullBlock - (1 << level)])
        var best = values[right] < values[left] ? right : left
        let head = scan(range.lowerBound..<firstFullBlock * Self.blockSize)
        if head >= 0 && values[head] <= values[best] { best = head }
        let tail = scan(endFullBlock * Self.blockSize..<range.upperBound)
        if tail >= 0 && values[tail] < values[best] { best = tail }
        return best
    }

    /// The position of the smallest value in a short range, -1 when it is empty.
    private func scan(_ range: Range<Int>) -> Int {
        var best = -1
        for position in range where best < 0 || values[position] < values[best] {
            best = position
        }
        return best
    }
}
