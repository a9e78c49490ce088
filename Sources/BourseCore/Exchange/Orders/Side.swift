/// Which way an order trades: a buy takes asks, a sell takes bids.
public enum Side: String, Sendable, Hashable, CaseIterable, Codable {
    case buy
    case sell
}

/// An order's type as the API and replay lines name it (`OrderKind` carries its prices).
///
/// A market order takes what the book offers; a limit order trades only at its price or better;
/// a stop waits until the last trade reaches its stop price, then trades as a market order (a
/// stop-limit as a limit order); a trailing stop's stop price follows the market (SPEC.md §10).
public enum OrderType: String, Sendable, Hashable, CaseIterable, Codable {
    case market
    case limit
    case stop
    case stopLimit = "stop_limit"
    case trailingStop = "trailing_stop"

    /// Whether the order waits for a trigger before it trades.
    public var isStop: Bool {
        switch self {
        case .market, .limit: false
        case .stop, .stopLimit, .trailingStop: true
        }
    }
}

/// Where an order stands.
///
/// - `pending`: open, nothing filled yet, waiting for a tick whose book reaches its limit.
/// - `partiallyFilled`: open, some filled, the rest still waiting.
/// - `filled`: final, every share filled.
/// - `cancelled`: final; the user cancelled it, or the visible book could not fill the rest of a
///   market order. Its filled quantity may be above zero; `Order.reason` says which.
/// - `rejected`: final, nothing filled, e.g. a market order when that side of the book is empty.
/// - `expired`: final; a `day` order still open when its session closed. Its fills stand.
public enum OrderStatus: String, Sendable, Hashable, CaseIterable, Codable {
    case pending = "PENDING"
    case partiallyFilled = "PARTIALLY_FILLED"
    case filled = "FILLED"
    case cancelled = "CANCELLED"
    case rejected = "REJECTED"
    case expired = "EXPIRED"

    /// Whether the order can still fill (and be cancelled).
    public var isOpen: Bool { self == .pending || self == .partiallyFilled }
}
