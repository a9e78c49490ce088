/// The exits a market or limit entry may carry: a take-profit limit and a stop-loss stop on the
/// other side, for the quantity the entry fills (SPEC.md §10, docs/exchange.md).
public struct Bracket: Hashable, Sendable {
    /// The limit price of the `ENTRY.tp` leg.
    public let takeProfit: Price?
    /// The stop price of the `ENTRY.sl` leg.
    public let stopLoss: Price?

    /// At least one of the two; `OrderRequest` checks them against the entry.
    public init?(takeProfit: Price?, stopLoss: Price?) {
        guard takeProfit != nil || stopLoss != nil else { return nil }
        self.takeProfit = takeProfit
        self.stopLoss = stopLoss
    }
}

/// Which exit of a bracket an order is.
public enum BracketLeg: String, Sendable, Hashable, CaseIterable {
    case takeProfit = "tp"
    case stopLoss = "sl"

    /// The leg's id: `ENTRY.tp` or `ENTRY.sl`.
    public func id(entry: String) -> String { "\(entry).\(rawValue)" }

    /// The other exit, which the fills of this one shrink.
    public var other: BracketLeg { self == .takeProfit ? .stopLoss : .takeProfit }
}
