/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64).
///
/// The simulators draw from it rather than from the system generator so that one seed always
/// gives the same market, on every run and every platform.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform draw from [0, 1) with 53 random bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform whole number in `range` (the modulo bias is below 2^-40 for the small ranges used).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % width)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// An approximately standard normal draw: the sum of twelve uniforms less six (Irwin–Hall).
    /// Only additions, so the same seed gives bit-identical draws on every platform, unlike a
    /// Box–Muller transform through `log` and `cos`; its tails stop at ±6, which a market
    /// simulator does not miss.
    public mutating func normal() -> Double {
        var sum = 0.0
        for _ in 0..<12 { sum += unit() }
        return sum - 6
    }
}
