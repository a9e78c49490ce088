/// Hashes that are the same in every process and on every run, unlike Swift's `Hasher`,
/// which is seeded randomly per process. The simulated market draws all its randomness from these.
enum StableHash {
    /// FNV-1a (64-bit) of a string's UTF-8 bytes.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The splitmix64 finaliser: a well-mixed 64-bit value from any 64-bit input.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A mixed value for a seed and two coordinates (a day, a minute or a purpose).
    @inline(__always)
    static func mix(_ seed: UInt64, _ a: Int, _ b: Int = 0) -> UInt64 {
        mix(seed ^ mix(UInt64(bitPattern: Int64(a)) &* 0x2545_f491_4f6c_dd1d ^ UInt64(bitPattern: Int64(b))))
    }

    /// A uniform value in [0, 1) from the top 53 bits.
    @inline(__always)
    static func unit(_ bits: UInt64) -> Double {
        Double(bits >> 11) * 0x1.0p-53
    }
}
