/// A given exchange rate: one unit of `from` is worth `rate` units of `to`.
public struct Rate: Sendable, Equatable {
    public let from: CurrencyCode
    public let to: CurrencyCode
    /// The multiplier from `from` to `to`; the parser only produces rates greater than zero.
    public let rate: ExactDecimal

    public init(from: CurrencyCode, to: CurrencyCode, rate: ExactDecimal) {
        self.from = from
        self.to = to
        self.rate = rate
    }
}
