/// Exact addition, subtraction, multiplication and comparison.
///
/// The throwing forms report a result beyond 38 digits as `DecimalError.overflow`; use them on
/// values that come from outside. The operators trap on overflow, like `Int`'s.
extension ExactDecimal {
    public func adding(_ other: ExactDecimal) throws(DecimalError) -> ExactDecimal {
        let (a, b, scale) = try Self.aligned(self, other)
        let (sum, o) = a.addingReportingOverflow(b)
        guard !o else { throw .overflow }
        return ExactDecimal(significand: sum, scale: scale)
    }

    public func subtracting(_ other: ExactDecimal) throws(DecimalError) -> ExactDecimal {
        try adding(other.negated())
    }

    public func multiplied(by other: ExactDecimal) throws(DecimalError) -> ExactDecimal {
        let (product, o) = significand.multipliedReportingOverflow(by: other.significand)
        guard !o else { throw .overflow }
        var scale = self.scale + other.scale
        var s = product
        // Drop trailing zeros that only push the scale past its limit; real digits there overflow.
        while scale > Self.maxScale, s % 10 == 0 {
            s /= 10
            scale -= 1
        }
        guard scale <= Self.maxScale else { throw .overflow }
        return ExactDecimal(significand: s, scale: scale)
    }

    public static func + (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
        do { return try lhs.adding(rhs) } catch { preconditionFailure("decimal overflow in +") }
    }

    public static func - (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
        do { return try lhs.subtracting(rhs) } catch { preconditionFailure("decimal overflow in -") }
    }

    public static func * (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
        do { return try lhs.multiplied(by: rhs) } catch { preconditionFailure("decimal overflow in *") }
    }

    public static func += (lhs: inout ExactDecimal, rhs: ExactDecimal) { lhs = lhs + rhs }
    public static func -= (lhs: inout ExactDecimal, rhs: ExactDecimal) { lhs = lhs - rhs }

    public static prefix func - (value: ExactDecimal) -> ExactDecimal { value.negated() }

    /// Both significands brought to the larger scale.
    static func aligned(
        _ a: ExactDecimal, _ b: ExactDecimal
    ) throws(DecimalError) -> (Int128, Int128, Int) {
        if a.scale == b.scale { return (a.significand, b.significand, a.scale) }
        if a.scale < b.scale {
            return (try a.rescaled(to: b.scale).significand, b.significand, b.scale)
        }
        return (a.significand, try b.rescaled(to: a.scale).significand, a.scale)
    }
}

extension ExactDecimal: Comparable, Hashable {
    public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        compare(lhs, rhs) < 0
    }

    public static func == (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        compare(lhs, rhs) == 0
    }

    /// Hashes the normalized value, so that `2.30` and `2.3` hash alike as they compare equal.
    public func hash(into hasher: inout Hasher) {
        let n = normalized()
        hasher.combine(n.significand)
        hasher.combine(n.scale)
    }

    /// -1, 0 or 1; exact for any two values, even where aligning the scales would overflow.
    static func compare(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        if a.scale == b.scale {
            return a.significand == b.significand ? 0 : (a.significand < b.significand ? -1 : 1)
        }
        if a.signum != b.signum { return a.signum < b.signum ? -1 : 1 }
        if let (x, y, _) = try? aligned(a, b) {
            return x == y ? 0 : (x < y ? -1 : 1)
        }
        // Aligning overflowed, so the value with the smaller scale has the larger magnitude.
        let aIsLarger = a.scale < b.scale
        let positive = a.signum > 0
        return aIsLarger == positive ? 1 : -1
    }
}
