extension OrderType {
    /// The fields an order of this type takes (SPEC.md §10): its prices, and on a market or limit
    /// entry a bracket's exits. `OrderRequest.parse(_:)` refuses any other and `OrderRequest`
    /// refuses a bracket on a type that takes none; the exchange page shows only these fields.
    public var takes: Set<OrderField> {
        switch self {
        case .market: [.takeProfit, .stopLoss]
        case .limit: [.price, .takeProfit, .stopLoss]
        case .stop: [.stopPrice]
        case .stopLimit: [.price, .stopPrice]
        case .trailingStop: [.trailAmount, .trailPercent]
        }
    }

    /// Whether an order of this type may carry a bracket (a take-profit, a stop-loss or both).
    public var takesBracket: Bool { takes.contains(.takeProfit) && takes.contains(.stopLoss) }
}
