import BourseCore

/// What the exchange screen is told as it happens (through `TradingBroadcaster`).
public enum TradingUpdate: Sendable {
    /// A tick, the feed's book; `left` has, for each account whose resting orders took from it,
    /// what they left (every account trades against the whole book, as if alone).
    case tick(FeedTick, left: [AccountID: FeedTick])
    case state(FeedState)
    /// The market opened or closed (`MarketHours`).
    case market(MarketStatus)
    /// An order's new state, published only once it is committed.
    case order(OrderEvent)
}
