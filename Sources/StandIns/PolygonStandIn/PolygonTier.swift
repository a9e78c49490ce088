/// The Massive plan the stand-in acts as: which endpoints a key may read.
///
/// Massive's free plan (Stocks Basic) gives end-of-day data at 5 requests a minute: reference
/// data, aggregates, grouped daily, previous close, daily open/close, market status. Snapshots,
/// the last trade and the last quote need a paid plan; on the free plan they are HTTP 403 with
/// a `NOT_AUTHORIZED` body (`PolygonFailure.notAuthorized`).
public enum PolygonTier: String, CaseIterable, Sendable {
    /// Every endpoint (Massive's paid stocks plans, delayed or real time).
    case paid
    /// End-of-day data only: snapshots, last trade and last quote are refused.
    case free

    /// The path prefixes a paid plan is needed for: every snapshot (all tickers, one ticker,
    /// gainers and losers), the last trade and the last quote (NBBO).
    static let paidOnlyPrefixes = ["/v2/snapshot/", "/v2/last/trade/", "/v2/last/nbbo/"]

    /// Whether a key on this plan may read `path`.
    public func allows(path: String) -> Bool {
        switch self {
        case .paid: true
        case .free: !Self.paidOnlyPrefixes.contains { path.hasPrefix($0) }
        }
    }
}
