/// Sorting keys that are slices of one byte buffer, fast: each key's first eight bytes are
/// packed into an integer, so most comparisons are one integer comparison, and only keys that
/// share those bytes compare the rest with `memcmp`.
enum ByteKeySort {
    private struct Entry {
        var head: UInt64
        var start: UInt32
        var end: UInt32
        var tag: UInt32
    }

    /// The indices of `keys` (ranges of `bytes`) in byte-wise order of their keys, equal keys by index.
    static func order(of keys: [Range<UInt32>], in bytes: [UInt8]) -> [UInt32] {
        bytes.withUnsafeBufferPointer { bytes in
            var entries = keys.enumerated().map { index, key in
                Entry(head: head(bytes, key), start: key.lowerBound, end: key.upperBound, tag: UInt32(index))
            }
            entries.sort { a, b in
                if a.head != b.head { return a.head < b.head }
                let order = ByteOrder.compare(
                    UnsafeBufferPointer(rebasing: bytes[Int(min(a.start + 8, a.end))..<Int(a.end)]),
                    UnsafeBufferPointer(rebasing: bytes[Int(min(b.start + 8, b.end))..<Int(b.end)]))
                return order != 0 ? order < 0 : a.tag < b.tag
            }
            return entries.map(\.tag)
        }
    }

    /// The first eight bytes of `key`, big-endian, zero-padded (a shorter key's tail is compared by length).
    private static func head(_ bytes: UnsafeBufferPointer<UInt8>, _ key: Range<UInt32>) -> UInt64 {
        var value: UInt64 = 0
        var position = Int(key.lowerBound)
        let end = Int(key.upperBound)
        for _ in 0..<8 {
            value <<= 8
            if position < end {
                value |= UInt64(bytes[position])
                position += 1
            }
        }
        return value
    }
}
