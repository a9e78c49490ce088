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

    /// One word for the state: "connecting", "live", "stale", "reconnecting".
    public var label: String {
        switch self {
        case .connecting: "connecting"
        case .live: "live"
        case .stale: "stale"
        case .reconnecting: "reconnecting"
        }
    }
}
