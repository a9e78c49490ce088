import BourseCore

/// Where the feed connection stands, as the user sees it.
public enum FeedState: Sendable, Equatable {
    /// The first connection is being made, or it is made and no tick has arrived yet.
    case connecting
    /// Connected, and ticks arrive.
    case live
    /// Connected, but no valid tick for `FeedClient.Configuration.staleAfter`: the book on show
    /// may no longer be the market's.
    case stale
    /// The connection was lost (or could not be made); the next attempt, the `attempt`-th in a
    /// row, starts after `retryIn`. The book is to be cleared: its liquidity is no longer there.
    case reconnecting(attempt: Int, retryIn: Duration)
    /// The provider turned the connection down (the key, the plan, the subscription): it says
    /// why and what to fix. The next attempt comes after `FeedClient.Configuration.refusalRetry`;
    /// the book is cleared as for `reconnecting`.
    case refused(FeedRefusal)

    /// One word for the state: "connecting", "live", "stale", "reconnecting", "refused".
    public var label: String {
        switch self {
        case .connecting: "connecting"
        case .live: "live"
        case .stale: "stale"
        case .reconnecting: "reconnecting"
        case .refused: "refused"
        }
    }
}

extension FeedState {
    /// The provider's refusal, when the state is `refused`.
    public var refusal: FeedRefusal? {
        if case .refused(let refusal) = self { refusal } else { nil }
    }
}
