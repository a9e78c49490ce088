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
    /// An account's waiting trailing stops on one side took a new reference (SPEC.md §10, step 2),
    /// published once it is committed: one update however many stops moved. Their levels are read
    /// again from the desk or the store (`OrderStore` derives them from the moves it keeps).
    case trail(TrailMove)
}
