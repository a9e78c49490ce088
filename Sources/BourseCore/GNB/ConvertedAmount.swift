/// An amount in the target currency, rounded to 2 places, and the path that produced it.
public struct ConvertedAmount: Sendable, Equatable {
    /// Always 2 places, rounded half-even after each hop.
    public let amount: ExactDecimal
    public let path: ConversionPath

    public init(amount: ExactDecimal, path: ConversionPath) {
        self.amount = amount
        self.path = path
    }
}
