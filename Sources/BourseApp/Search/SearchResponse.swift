import BourseCore
import Hummingbird

/// `GET /api/v1/search` and `bourse search --json`: `{"results":[{"symbol","name","exchange"}]}`.
public struct SearchResponse: ResponseEncodable, Sendable {
    struct Result: Encodable, Sendable {
        let symbol: String
        let name: String
        let exchange: String
    }

    let results: [Result]

    public init(listings: [Listing]) {
        results = listings.map { Result(symbol: $0.symbol, name: $0.name, exchange: $0.exchange.rawValue) }
    }
}

/// `GET /api/v1/search/listings`: `{"fields": ["symbol", "name", "exchange"], "rows": [[...], ...]}`.
struct ListingsIndexResponse: ResponseEncodable {
    let fields = ["symbol", "name", "exchange"]
    let rows: [[String]]
}
