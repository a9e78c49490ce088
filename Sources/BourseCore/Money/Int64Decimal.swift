/// 64-bit integer steps for exact decimals whose significands fit in 64 bits, as most amounts and
/// rates do. Each gives what the 128-bit `ExactDecimal` path gives, or nil where 64 bits do not
/// suffice (the caller then takes the 128-bit path).
enum Int64Decimal {
    /// `numerator / divisor` rounded half to even; `divisor` must be positive.
    ///
    /// The quotient truncates toward zero and the remainder takes the numerator's sign, as in
    /// `ExactDecimal.rounded` and `divided`; a remainder of exactly half rounds to the even quotient.
    @inline(__always)
    static func quotientHalfEven(_ numerator: Int64, dividingBy divisor: Int64) -> Int64 {
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: divisor)
        guard remainder != 0 else { return quotient }
        // |remainder| < divisor <= Int64.max, so twice it fits in a UInt64.
        let twice = remainder.magnitude &* 2
        let half = divisor.magnitude
        if twice < half || (twice == half && quotient & 1 == 0) { return quotient }
        // |quotient| <= Int64.max / 2 here (divisor >= 2), so one more cannot overflow.
        return remainder < 0 ? quotient - 1 : quotient + 1
    }

    /// `value × 10^exponent` for `exponent` in 0...18; nil when it does not fit.
    @inline(__always)
    static func scaledUp(_ value: Int64, by exponent: Int) -> Int64? {
        guard exponent <= 18 else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: powersOfTen[exponent])
        return overflow ? nil : product
    }

    /// `value`, a significand at `scale` places, rounded half to even to `places` places (exact
    /// when it has fewer, then written with `places` places); nil when that does not fit in 64 bits.
    @inline(__always)
    static func rounded(_ value: Int64, scale: Int, toPlaces places: Int) -> Int64? {
        if scale <= places { return scaledUp(value, by: places - scale) }
        // The usual cases divide by a constant, which compiles to a multiplication.
        switch scale - places {
        case 1: return quotientHalfEven(value, dividingBy: 10)
        case 2: return quotientHalfEven(value, dividingBy: 100)
        case 3: return quotientHalfEven(value, dividingBy: 1_000)
        case 4: return quotientHalfEven(value, dividingBy: 10_000)
        case 5...18: return quotientHalfEven(value, dividingBy: powersOfTen[scale - places])
        default: return nil
        }
    }

    /// 10^0 ... 10^18, every power of ten an Int64 holds.
    static let powersOfTen: [Int64] = {
        var table: [Int64] = [1]
        for _ in 1...18 { table.append(table.last! * 10) }
        return table
    }()
}
