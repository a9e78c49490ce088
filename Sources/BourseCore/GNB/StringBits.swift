/// A string's two words as stored, to find a string seen before without hashing its contents.
///
/// Equal bits mean equal strings: a short string holds its bytes and length in the words
/// themselves, and a longer one a reference to its immutable storage with its length. The
/// converse does not hold (the same text may be stored twice, `"\u{212A}"` equals `"K"`), so a
/// lookup by bits that misses must fall back to String's own equality. A reference in the bits
/// stays valid only while the string is alive: keep the string as long as its bits.
struct StringBits: Hashable, Sendable {
    let first: UInt64
    let second: UInt64

    init(first: UInt64, second: UInt64) {
        self.first = first
        self.second = second
    }

    /// The bits of `text`; nil where a String is not two 64-bit words.
    @inline(__always)
    init?(_ text: String) {
        guard MemoryLayout<String>.size == 16 else { return nil }
        (first, second) = withUnsafeBytes(of: text) { raw in
            (raw.load(fromByteOffset: 0, as: UInt64.self), raw.load(fromByteOffset: 8, as: UInt64.self))
        }
    }

    /// Well-mixed bits for an open-addressing table (multiplicative hashing; take the top bits).
    @inline(__always)
    var mixed: UInt64 {
        ((first &* 0x9E37_79B9_7F4A_7C15) ^ second) &* 0xC2B2_AE3D_27D4_EB4F
    }
}
