/// A price on the exchange's tick size (0.01), held as a whole number of ticks.
///
/// The feed and the order ticket speak decimal text ("101.25"); the matching engine compares
/// and adds whole ticks, which is exact and fast. A price off the tick size ("101.255") is
/// refused when it is read, never rounded.
public struct Price: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The tick size: every price is a whole multiple of it.
    public static let tickSize = ExactDecimal(significand: 1, scale: 2)
    /// Decimal places of the tick size.
    public static let places = 2

    /// The price in ticks (cents): 101.25 is 10125.
    public let ticks: Int64

    public init(ticks: Int64) {
        self.ticks = ticks
    }

    /// The exact decimal price, off the tick size or not a number being a `PriceError`.
    public init(_ value: ExactDecimal) throws(PriceError) {
        let normalized = value.normalized()
        guard normalized.scale <= Self.places else { throw .offTickSize(normalized.description) }
        // A 38-digit decimal times 100 overflows even Int128: too large, like any beyond Int64.
        let (ticks, overflow) = normalized.significand.multipliedReportingOverflow(by: Self.pow10(Self.places - normalized.scale))
        guard !overflow, let whole = Int64(exactly: ticks) else { throw .outOfRange(normalized.description) }
        self.ticks = whole
    }

    /// Reads plain decimal text ("101.25"); anything else is a `PriceError`.
    public init(parsing text: some StringProtocol) throws(PriceError) {
        let value: ExactDecimal
        do { value = try ExactDecimal(parsing: text) } catch { throw .malformed(String(text)) }
        try self.init(value)
    }

    /// The price as an exact decimal with two places.
    public var decimal: ExactDecimal { ExactDecimal(significand: Int128(ticks), scale: Self.places) }

    /// "101.25", always with two places.
    public var description: String { decimal.description }

    public static func < (lhs: Price, rhs: Price) -> Bool { lhs.ticks < rhs.ticks }

    private static func pow10(_ n: Int) -> Int128 {
        var result: Int128 = 1
        for _ in 0..<n { result *= 10 }
        return result
    }
}

/// Why a price could not be read.
public enum PriceError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(String)
    case offTickSize(String)
    case outOfRange(String)

    public var description: String {
        switch self {
        case .malformed(let text): "\"\(text)\" is not a price: write it as a plain decimal such as 101.25"
        case .offTickSize(let text): "\(text) is off the tick size: prices move in steps of 0.01"
        case .outOfRange(let text): "\(text) is too large to be a price"
        }
    }
}
