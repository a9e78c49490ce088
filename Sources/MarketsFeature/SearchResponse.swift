import BourseCore

/// `GET /api/v1/search`: `{"results":[{"symbol","name","exchange","price","change","changePercent","asOf"}]}`,
/// the prices those the app has saved (`null` when it has none); `bourse search --json`: the same
/// without the prices.
public struct SearchResponse: Encodable, Sendable {
    struct Result: Encodable, Sendable {
        let symbol: String
        let name: String
        let exchange: String
        /// The saved quote; nil with `priced`: `null`, without: no price keys at all.
        let quote: Quote?
        let priced: Bool

        enum CodingKeys: String, CodingKey {
            case symbol, name, exchange, price, change, changePercent, asOf
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(symbol, forKey: .symbol)
            try container.encode(name, forKey: .name)
            try container.encode(exchange, forKey: .exchange)
            guard priced else { return }
            try container.encode(ExplicitNull(wrappedValue: quote?.price), forKey: .price)
            try container.encode(ExplicitNull(wrappedValue: quote?.change), forKey: .change)
            try container.encode(ExplicitNull(wrappedValue: quote?.changePercent), forKey: .changePercent)
            try container.encode(ExplicitNull(wrappedValue: quote?.asOf), forKey: .asOf)
        }
    }

    let results: [Result]

    /// The listings alone (the command line, which keeps no prices).
    public init(listings: [Listing]) {
        results = listings.map {
            Result(symbol: $0.symbol, name: $0.name, exchange: $0.exchange.rawValue, quote: nil, priced: false)
        }
    }

    /// The listings with their saved quotes, by symbol.
    public init(listings: [Listing], quotes: [String: Quote]) {
        results = listings.map {
            Result(
                symbol: $0.symbol, name: $0.name, exchange: $0.exchange.rawValue, quote: quotes[$0.symbol], priced: true)
        }
    }
}
