import MarketData

/// Something the client is doing that a user may want to be told about ("rate limited,
/// retrying in 7 s"). Carries no URL and no key.
public enum PolygonClientEvent: Sendable, Equatable {
    /// The shared limiter held a request back this long before sending it.
    case waitedForRateLimit(Duration)
    /// A request failed for a reason that may pass; it is sent again after `after`.
    case retrying(MarketDataError, after: Duration)
    /// The source kept failing, so a cached answer fetched earlier is served.
    case servedStale(MarketDataError)
}
