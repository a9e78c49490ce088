import Foundation
import OpenAPIRuntime

extension Bourse {
    /// `GET /api/v1/health`: whether the server answers, which source it shows, which instance holds the desk.
    public func health() async throws(BourseError) -> Health {
        try await call { try await client.health().ok.body.json }
    }

    /// `GET /api/v1/tickers`: one page of the listed stocks with their last price (`next` is the
    /// following page's cursor).
    public func tickers(cursor: String? = nil, limit: Int? = nil) async throws(BourseError) -> Tickers {
        try await call { try await client.listTickers(query: .init(limit: limit, cursor: cursor)).ok.body.json }
    }

    /// `GET /api/v1/movers`: the last trading day's gainers, losers and most active.
    public func movers() async throws(BourseError) -> Movers {
        try await call { try await client.getMovers().ok.body.json }
    }

    /// `GET /api/v1/stocks/{symbol}`: a stock's price, day change, description and key statistics.
    /// `pending` true: the price is on its way (the free tier's pace); ask again in a few seconds.
    public func stock(_ symbol: String) async throws(BourseError) -> Stock {
        try await call { try await client.getStock(path: .init(symbol: symbol)).ok.body.json }
    }

    /// `GET /api/v1/stocks/{symbol}/bars`: a chart range's bars, oldest first (1M by default:
    /// the last 30 days' daily bars).
    public func bars(_ symbol: String, range: ChartRange? = nil) async throws(BourseError) -> Bars {
        try await call {
            try await client.getBars(path: .init(symbol: symbol), query: .init(range: range)).ok.body.json
        }
    }

    /// `GET /api/v1/search`: listings whose name or symbol starts with `query`, best first.
    public func search(_ query: String, limit: Int? = nil) async throws(BourseError) -> SearchResults {
        try await call { try await client.search(query: .init(q: query, limit: limit)).ok.body.json }
    }
}
