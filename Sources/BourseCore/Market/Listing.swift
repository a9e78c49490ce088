/// The exchange a security is listed on.
public enum Exchange: String, Sendable, Codable, CaseIterable {
    case nasdaq = "NASDAQ"
    case nyse = "NYSE"
    case nyseAmerican = "NYSE American"
    /// Where most exchange-traded funds list (SPY, DIA, IWM).
    case nyseArca = "NYSE Arca"

    /// Polygon's `primary_exchange` MIC.
    public var mic: String {
        switch self {
        case .nasdaq: return "XNAS"
        case .nyse: return "XNYS"
        case .nyseAmerican: return "XASE"
        case .nyseArca: return "ARCX"
        }
    }

    public init?(mic: String) {
        guard let match = Exchange.allCases.first(where: { $0.mic == mic }) else { return nil }
        self = match
    }
}

/// A listed security: its symbol, its company name as people say it, and where it trades.
public struct Listing: Sendable, Equatable, Hashable, Codable {
    public var symbol: String
    /// The company name with class wording removed ("Alcoa Corporation", not "... Common Stock").
    public var name: String
    public var exchange: Exchange
    public var isETF: Bool

    public init(symbol: String, name: String, exchange: Exchange, isETF: Bool) {
        self.symbol = symbol
        self.name = name
        self.exchange = exchange
        self.isETF = isETF
    }
}
