/// Where one field's value lies in a document, as a fast reader found it.
struct GNBFieldSlice {
    /// The value's first byte (inside the quotes for a string), or -1 while the field is missing.
    var start = -1
    var end = -1
    /// A JSON number rather than a string or an attribute value.
    var isNumber = false

    var isPresent: Bool { start >= 0 }
}

/// A record's three fields, in the order of the kind's `GNBFieldNames`.
struct GNBFieldSlices {
    var first = GNBFieldSlice()
    var second = GNBFieldSlice()
    var third = GNBFieldSlice()

    /// Sets field `index` (0, 1 or 2); false when it was already set, since a repeated key or
    /// attribute is for the general path (JSON keeps the last, XML refuses the document).
    @inline(__always)
    mutating func set(_ index: Int, start: Int, end: Int, isNumber: Bool) -> Bool {
        let slice = GNBFieldSlice(start: start, end: end, isNumber: isNumber)
        switch index {
        case 0:
            guard !first.isPresent else { return false }
            first = slice
        case 1:
            guard !second.isPresent else { return false }
            second = slice
        default:
            guard !third.isPresent else { return false }
            third = slice
        }
        return true
    }
}

/// A kind's three field names (ASCII, at most 8 bytes each), found among a record's keys by
/// comparing one word instead of making a String per key.
struct GNBFieldNames {
    private let words: (UInt64, UInt64, UInt64)
    private let lengths: (Int, Int, Int)

    init(_ first: StaticString, _ second: StaticString, _ third: StaticString) {
        func word(_ name: StaticString) -> UInt64 {
            precondition(name.utf8CodeUnitCount <= 8 && name.isASCII)
            var word: UInt64 = 0
            for k in 0..<name.utf8CodeUnitCount { word |= UInt64(name.utf8Start[k]) << (8 * k) }
            return word
        }
        words = (word(first), word(second), word(third))
        lengths = (first.utf8CodeUnitCount, second.utf8CodeUnitCount, third.utf8CodeUnitCount)
    }

    /// 0, 1 or 2 for the name in `bytes[start..<end]`, -1 for any other.
    @inline(__always)
    func index(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        let length = end - start
        guard length <= 8 else { return -1 }
        var word: UInt64 = 0
        if start + 8 <= bytes.count {
            // One load, keeping the name's bytes (little-endian: the low ones).
            let loaded = UnsafeRawPointer(bytes.baseAddress! + start).loadUnaligned(as: UInt64.self)
            word = length == 8 ? loaded : loaded & ((1 << (8 * UInt64(length))) - 1)
        } else {
            for k in 0..<length { word |= UInt64(bytes[start + k]) << (8 * k) }
        }
        if length == lengths.0 && word == words.0 { return 0 }
        if length == lengths.1 && word == words.1 { return 1 }
        if length == lengths.2 && word == words.2 { return 2 }
        return -1
    }
}
