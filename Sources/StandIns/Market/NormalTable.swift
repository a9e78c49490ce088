import Foundation

/// Standard normal draws by table look-up: 4,096 equally likely quantiles of N(0, 1).
///
/// A draw is `values[bits & 4095]`, a few nanoseconds, which keeps the whole market's grouped
/// daily bars fast. The tails are cut at about 3.5 standard deviations, which is fine for a
/// simulation. The quantiles are found by bisection on `erf`, so no approximation constants.
enum NormalTable {
    static let size = 4096
    static let mask: UInt64 = 4095

    static let values: [Double] = (0..<size).map { index in
        quantile((Double(index) + 0.5) / Double(size))
    }

    /// The table as a pointer that lives for the whole process (it is never freed), so the hot
    /// loops index it without a lazy-global check or bounds check per draw.
    nonisolated(unsafe) static let pointer: UnsafePointer<Double> = {
        let buffer = UnsafeMutablePointer<Double>.allocate(capacity: size)
        buffer.initialize(from: values, count: size)
        return UnsafePointer(buffer)
    }()

    /// A standard normal draw chosen by the low 12 bits of `bits`.
    @inline(__always)
    static func draw(_ bits: UInt64) -> Double {
        pointer[Int(bits & mask)]
    }

    /// The standard normal quantile of a probability in (0, 1).
    static func quantile(_ p: Double) -> Double {
        var low = -10.0, high = 10.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if 0.5 * (1 + erf(mid / 2.0.squareRoot())) < p { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }
}
