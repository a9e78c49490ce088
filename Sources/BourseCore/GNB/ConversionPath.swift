/// One step of a conversion: multiply by a given rate, or divide by it when the step runs against
/// a given rate (`inverted`).
public struct ConversionHop: Sendable, Equatable {
    public let from: CurrencyCode
    public let to: CurrencyCode
    /// The given rate this hop uses: `to = from × rate`, or `to = from ÷ rate` when inverted.
    public let rate: ExactDecimal
    /// True when no rate `from -> to` was given and the hop divides by the given `to -> from`.
    public let inverted: Bool

    public init(from: CurrencyCode, to: CurrencyCode, rate: ExactDecimal, inverted: Bool) {
        self.from = from
        self.to = to
        self.rate = rate
        self.inverted = inverted
    }
}

/// The chain of conversions from one currency to the table's target.
public struct ConversionPath: Sendable, Equatable {
    /// The currencies visited, from the source to the target; `[EUR]` alone for EUR to EUR.
    public let currencies: [CurrencyCode]
    /// The conversions, one fewer than `currencies`; empty when source and target are the same.
    public let hops: [ConversionHop]

    public init(currencies: [CurrencyCode], hops: [ConversionHop]) {
        self.currencies = currencies
        self.hops = hops
    }

    /// How many hops divide by a given rate.
    public var invertedCount: Int { hops.reduce(0) { $0 + ($1.inverted ? 1 : 0) } }

    /// True when the path is one given rate (no derivation).
    public var isDirect: Bool { hops.count == 1 && !hops[0].inverted }
}
