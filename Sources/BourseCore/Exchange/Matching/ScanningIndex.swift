/// The naive index: every open order in a list, scanned in full to find the first one.
///
/// O(n) per tick; kept as the benchmark's baseline and the differential tests' reference.
struct ScanningIndex: RestingOrderIndex {
    private var keys: [RestingKey] = []

    mutating func insert(_ key: RestingKey) {
        keys.append(key)
    }

    mutating func remove(_ key: RestingKey) {
        if let i = keys.firstIndex(of: key) { keys.remove(at: i) }
    }

    mutating func first(_ side: Side) -> RestingKey? {
        var best: RestingKey?
        for key in keys where key.side == side {
            if let current = best, !key.precedes(current) { continue }
            best = key
        }
        return best
    }
}
