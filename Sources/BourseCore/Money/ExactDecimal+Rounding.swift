/// How a value that lies between two representable values is rounded.
public enum RoundingRule: String, Sendable, CaseIterable {
    /// Half to even ("banker's rounding"): 2.345 -> 2.34, 2.355 -> 2.36, 0.125 -> 0.12.
    case halfEven
    /// Half away from zero: 2.345 -> 2.35, -2.345 -> -2.35.
    case halfUp
    /// Toward zero (truncation).
    case down
}

extension ExactDecimal {
    /// The value rounded to `places` digits after the point. A value with no more places is
    /// returned as it is (not padded).
    public func rounded(toPlaces places: Int, _ rule: RoundingRule) -> ExactDecimal {
        precondition(places >= 0, "places must not be negative")
        guard scale > places else { return self }
        let divisor = Self.powersOfTen[scale - places]
        let quotient: Int128
        let remainder: Int128
        // Most money fits in 64 bits, where division is several times cheaper.
        if let small = Int64(exactly: significand), let d = Int64(exactly: divisor) {
            quotient = Int128(small / d)
            remainder = Int128(small % d)
        } else {
            (quotient, remainder) = significand.quotientAndRemainder(dividingBy: divisor)
        }
        return ExactDecimal(
            significand: quotient
                + Self.roundingIncrement(
                    quotient: quotient, remainder: remainder, divisor: divisor, rule: rule),
            scale: places)
    }

    /// `self / other`, rounded to `places` digits after the point by `rule`.
    public func divided(
        by other: ExactDecimal, places: Int, _ rule: RoundingRule = .halfEven
    ) throws(DecimalError) -> ExactDecimal {
        guard other.significand != 0 else { throw .divisionByZero }
        // self/other = (a * 10^(places + b.scale - a.scale)) / b, as integers at `places`.
        let shift = places + other.scale - scale
        var numerator = significand
        var denominator = other.significand
        if shift >= 0 {
            guard shift <= Self.maxScale else { throw .overflow }
            let (n, o) = numerator.multipliedReportingOverflow(by: Self.powersOfTen[shift])
            guard !o else { throw .overflow }
            numerator = n
        } else {
            guard -shift <= Self.maxScale else { return ExactDecimal(significand: 0, scale: places) }
            let (d, o) = denominator.multipliedReportingOverflow(by: Self.powersOfTen[-shift])
            guard !o else { return ExactDecimal(significand: 0, scale: places) }
            denominator = d
        }
        if denominator < 0 {
            numerator = -numerator
            denominator = -denominator
        }
        let (q, r) = numerator.quotientAndRemainder(dividingBy: denominator)
        return ExactDecimal(
            significand: q + Self.roundingIncrement(quotient: q, remainder: r, divisor: denominator, rule: rule),
            scale: places)
    }

    /// The sum of `values`, exactly.
    public static func sum(_ values: some Sequence<ExactDecimal>) -> ExactDecimal {
        values.reduce(.zero, +)
    }

    /// 0, +1 or -1 to add to a truncated quotient; `divisor` is positive.
    private static func roundingIncrement(
        quotient: Int128, remainder: Int128, divisor: Int128, rule: RoundingRule
    ) -> Int128 {
        guard remainder != 0 else { return 0 }
        let direction: Int128 = remainder < 0 ? -1 : 1
        switch rule {
        case .down:
            return 0
        case .halfUp:
            return remainder.magnitude * 2 >= divisor.magnitude ? direction : 0
        case .halfEven:
            let twice = remainder.magnitude * 2
            if twice > divisor.magnitude { return direction }
            if twice < divisor.magnitude { return 0 }
            return quotient % 2 == 0 ? 0 : direction
        }
    }
}
