/// What an order is, with the prices that kind needs: a switch that forgets a kind does not
/// compile, and no kind can lack its price (SPEC.md §10).
public enum OrderKind: Hashable, Sendable {
    /// Takes what the book offers now.
    case market
    /// Trades at its limit or better.
    case limit(Price)
    /// Waits until the last trade reaches the stop price, then trades as a market order.
    case stop(Price)
    /// Waits until the last trade reaches `stop`, then trades as a limit order at `limit`.
    case stopLimit(stop: Price, limit: Price)
    /// A stop whose stop price follows the market at a distance (`Trail`).
    case trailingStop(Trail)

    /// The type as the API names it.
    public var type: OrderType {
        switch self {
        case .market: .market
        case .limit: .limit
        case .stop: .stop
        case .stopLimit: .stopLimit
        case .trailingStop: .trailingStop
        }
    }

    /// The limit price: a limit order's, or the limit a stop-limit trades at once triggered.
    public var limitPrice: Price? {
        switch self {
        case .limit(let price), .stopLimit(_, let price): price
        case .market, .stop, .trailingStop: nil
        }
    }

    /// The stop price a `stop` or `stopLimit` was placed with; a trailing stop's moves (`Order.stopPrice`).
    public var fixedStopPrice: Price? {
        switch self {
        case .stop(let price), .stopLimit(let price, _): price
        case .market, .limit, .trailingStop: nil
        }
    }

    /// The trail of a trailing stop.
    public var trail: Trail? {
        if case .trailingStop(let trail) = self { return trail }
        return nil
    }
}
