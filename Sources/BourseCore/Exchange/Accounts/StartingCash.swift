/// `BOURSE_STARTING_CASH` (SPEC.md §14): unset, every account has infinite capital (the
/// exercise's rule: it may buy any amount and sell short). Set, every account starts with this
/// much cash: a buy over its buying power and a sell of shares it does not have are REJECTED.
public struct StartingCash: Sendable, Hashable, CustomStringConvertible {
    /// In ticks (cents).
    public let ticks: Int128

    /// A positive amount in whole cents ("100000", "2500.50"); anything else is nil.
    public init?(_ text: String) {
        guard let value = try? ExactDecimal(parsing: text), value.signum > 0,
            let price = try? Price(value)
        else { return nil }
        ticks = Int128(price.ticks)
    }

    public init(ticks: Int128) {
        self.ticks = ticks
    }

    /// The amount as an exact decimal with two places.
    public var decimal: ExactDecimal { ExactDecimal(significand: ticks, scale: Price.places) }

    public var description: String { decimal.description }
}
