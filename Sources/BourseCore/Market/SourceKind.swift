/// Where a screen's data comes from, as the API names it in `source`.
public enum SourceKind: String, Sendable, Codable, CaseIterable {
    /// One of Bourse's embedded stand-ins: the simulated market or the simulated exchange feed.
    case simulated
    /// Polygon.io, with the user's key.
    case polygon
    /// An exchange feed at a configured `BOURSE_FEED_URL`.
    case feed

    /// The header's label for a market source ("Simulated market", "Polygon.io").
    public var marketLabel: String {
        switch self {
        case .simulated: "Simulated market"
        case .polygon: "Polygon.io"
        case .feed: "Exchange feed"
        }
    }
}
