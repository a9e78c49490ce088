import BourseCore

/// What the exchange screen is told as it happens (through `TradingBroadcaster`).
public enum TradingUpdate: Sendable {
    /// A tick, as the book was left after the user's resting orders took from it.
    case tick(FeedTick)
    case state(FeedState)
    /// The market opened or closed (`MarketHours`).
    case market(MarketStatus)
    /// An order's new state, published only once it is committed.
    case order(OrderEvent)
}
