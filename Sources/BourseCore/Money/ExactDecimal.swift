/// An exact decimal number: a 128-bit integer significand and a count of digits after the point.
///
/// Prices, amounts and rates are held in this type from the moment they are read until they are
/// printed, so no value ever passes through binary floating point. `2.30` keeps its two places
/// when printed; equality and hashing ignore trailing zeros (`2.30 == 2.3`).
public struct ExactDecimal: Sendable {
    /// The value times `10^scale`.
    public let significand: Int128
    /// Digits after the decimal point, `0...ExactDecimal.maxScale`.
    public let scale: Int

    /// The most digits after the point a value may carry.
    public static let maxScale = 38
    /// The most significant digits a parsed value may carry (Int128 holds any 38-digit integer).
    public static let maxDigits = 38

    /// A value from its significand and scale: `ExactDecimal(significand: 1234, scale: 2)` is 12.34.
    public init(significand: Int128, scale: Int) {
        precondition((0...Self.maxScale).contains(scale), "scale \(scale) is outside 0...38")
        self.significand = significand
        self.scale = scale
    }

    /// A whole number.
    public init(_ value: Int) {
        self.init(significand: Int128(value), scale: 0)
    }

    public static let zero = ExactDecimal(significand: 0, scale: 0)

    public var isZero: Bool { significand == 0 }
    public var isNegative: Bool { significand < 0 }
    /// -1, 0 or 1.
    public var signum: Int { significand == 0 ? 0 : (significand < 0 ? -1 : 1) }
    public var magnitude: ExactDecimal { significand < 0 ? negated() : self }

    public func negated() -> ExactDecimal {
        ExactDecimal(significand: -significand, scale: scale)
    }

    /// The same value with trailing zeros after the point removed (`2.500` -> `2.5`).
    public func normalized() -> ExactDecimal {
        guard significand != 0 else { return .zero }
        var s = significand
        var k = scale
        while k > 0, s % 10 == 0 {
            s /= 10
            k -= 1
        }
        return ExactDecimal(significand: s, scale: k)
    }

    /// The same value written with at least `places` digits after the point (`2.5` -> `2.50`).
    /// Never loses digits: a value with more places is returned as it is.
    public func padded(toPlaces places: Int) throws(DecimalError) -> ExactDecimal {
        guard places > scale else { return self }
        return try rescaled(to: places)
    }

    /// A closest approximation as a `Double`, for drawing (chart geometry), never for money.
    public var doubleApproximation: Double {
        Double(significand) / Self.doublePowers[scale]
    }

    func rescaled(to newScale: Int) throws(DecimalError) -> ExactDecimal {
        precondition(newScale >= scale)
        guard newScale <= Self.maxScale else { throw .overflow }
        let (s, o) = significand.multipliedReportingOverflow(by: Self.powersOfTen[newScale - scale])
        guard !o else { throw .overflow }
        return ExactDecimal(significand: s, scale: newScale)
    }

    /// 10^0 ... 10^38.
    static let powersOfTen: [Int128] = {
        var table: [Int128] = [1]
        for _ in 1...38 { table.append(table.last! * 10) }
        return table
    }()

    private static let doublePowers: [Double] = (0...38).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
