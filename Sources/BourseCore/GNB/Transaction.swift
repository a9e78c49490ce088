/// One sale of a product: `amount` in `currency`, exactly as the feed gave it.
public struct Transaction: Sendable, Equatable {
    /// The product's stock-keeping unit, e.g. `T2006`; never empty or only whitespace.
    public let sku: String
    /// The amount as given (any number of places, may be negative).
    public let amount: ExactDecimal
    public let currency: CurrencyCode

    public init(sku: String, amount: ExactDecimal, currency: CurrencyCode) {
        self.sku = sku
        self.amount = amount
        self.currency = currency
    }
}
