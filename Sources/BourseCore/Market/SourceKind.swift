/// Where a screen's data comes from, as the API names it in `source`.
public enum SourceKind: String, Sendable, Codable, CaseIterable {
    /// One of Bourse's embedded stand-ins: the simulated market or the simulated exchange feed.
    case simulated
    /// Massive (formerly Polygon.io), with the user's key. The API keeps the name `polygon`: a
    /// client reading `source` sees the same value as before the rename.
    case polygon
    /// An exchange feed speaking Bourse's protocol at a configured `BOURSE_FEED_URL`.
    case feed
    /// Alpaca's market-data stream (`BOURSE_FEED=alpaca`).
    case alpaca
    /// Massive's stocks WebSocket (`BOURSE_FEED=massive` or `massive-delayed`).
    case massive

    /// The header's label for a market source ("Simulated market", "Massive (formerly Polygon.io)").
    public var marketLabel: String {
        switch self {
        case .simulated: "Simulated market"
        case .polygon: "Massive (formerly Polygon.io)"
        case .feed: "Exchange feed"
        case .alpaca: "Alpaca (IEX)"
        case .massive: "Massive"
        }
    }
}
