/// Conversion along a path to cents with 64-bit integer steps, for totalling many amounts.
///
/// The steps compute the same value as `ConversionTable.convert(_:along:)`, the one definition of
/// a conversion: each hop's exact result rounded half-even to 2 places. A rounded value depends
/// only on the exact value, so carrying every intermediate as cents (2 places), where the general
/// path may keep 0-2 places, changes nothing. When a step would not fit in 64 bits, `cents` gives
/// nil and the caller converts the amount by the general path from the start.
enum CentsConversion {
    /// A hop with its rate as a 64-bit significand (positive).
    struct Hop: Sendable {
        let rate: Int64
        let scale: Int
        let inverted: Bool
    }

    /// The path's hops in 64-bit form; nil when a rate is too large for 64 bits or not positive.
    static func hops(of path: ConversionPath) -> [Hop]? {
        var hops: [Hop] = []
        for hop in path.hops {
            guard let rate = Int64(exactly: hop.rate.significand), rate > 0 else { return nil }
            hops.append(Hop(rate: rate, scale: hop.rate.scale, inverted: hop.inverted))
        }
        return hops
    }

    /// `amount` carried along `hops` (an empty run: the amount itself), as cents; nil when a step
    /// does not fit in 64 bits, which is not necessarily an overflow of the general path.
    @inline(__always)
    static func cents(_ amount: ExactDecimal, along hops: UnsafeBufferPointer<Hop>) -> Int64? {
        guard var value = Int64(exactly: amount.significand) else { return nil }
        var scale = amount.scale
        if hops.isEmpty { return Int64Decimal.rounded(value, scale: scale, toPlaces: 2) }
        for hop in hops {
            if hop.inverted {
                // value / rate to 2 places: (value × 10^(2 + rate scale - scale)) / rate, half-even.
                let shift = 2 + hop.scale - scale
                if shift >= 0 {
                    guard let numerator = Int64Decimal.scaledUp(value, by: shift) else { return nil }
                    value = Int64Decimal.quotientHalfEven(numerator, dividingBy: hop.rate)
                } else {
                    guard let denominator = Int64Decimal.scaledUp(hop.rate, by: -shift) else { return nil }
                    value = Int64Decimal.quotientHalfEven(value, dividingBy: denominator)
                }
            } else {
                let (product, overflow) = value.multipliedReportingOverflow(by: hop.rate)
                guard !overflow, let cents = Int64Decimal.rounded(product, scale: scale + hop.scale, toPlaces: 2) else {
                    return nil
                }
                value = cents
            }
            scale = 2
        }
        return value
    }
}
