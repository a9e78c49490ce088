import Foundation

/// Byte-wise order of UTF-8 keys (the order the index sorts them in).
enum ByteOrder {
    /// Negative, zero or positive as `a` sorts before, equal to or after `b`; a prefix sorts first.
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let pa = a.baseAddress, let pb = b.baseAddress {
            let result = memcmp(pa, pb, common)
            if result != 0 { return Int(result) }
        }
        return a.count - b.count
    }

    /// Zero when `key` starts with `prefix`, else negative or positive as `key` sorts before or after
    /// every key that does.
    static func comparePrefix(_ key: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(key.count, prefix.count)
        if common > 0, let pk = key.baseAddress, let pp = prefix.baseAddress {
            let result = memcmp(pk, pp, common)
            if result != 0 { return Int(result) }
        }
        return key.count < prefix.count ? -1 : 0
    }
}
