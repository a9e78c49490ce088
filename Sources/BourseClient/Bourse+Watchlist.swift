import Foundation
import OpenAPIRuntime

extension Bourse {
    /// `GET /api/v1/watchlist`: the account's stocks in its order, priced.
    public func watchlist() async throws(BourseError) -> Watchlist {
        try await call { try await client.watchlist().ok.body.json }
    }

    /// `POST /api/v1/watchlist/{symbol}`: adds a listed stock at the end (`.rejected` when it is already there).
    public func follow(_ symbol: String) async throws(BourseError) -> Watchlist {
        try await call { try await client.followStock(path: .init(symbol: symbol)).created.body.json }
    }

    /// `DELETE /api/v1/watchlist/{symbol}`: removes a stock from the list.
    public func unfollow(_ symbol: String) async throws(BourseError) -> Watchlist {
        try await call { try await client.unfollowStock(path: .init(symbol: symbol)).ok.body.json }
    }

    /// `GET /api/v1/watchlist.csv`: the list as CSV (RFC 4180): symbol, name, exchange.
    public func watchlistCSV() async throws(BourseError) -> String {
        try await call { try await Self.text(client.exportWatchlist().ok.body.csv) }
    }
}
