import BourseCore
import Foundation
import Hummingbird
import WatchlistFeature

/// `GET /api/v1/watchlist` (and the answer to every change of it): the symbols in the user's
/// order, each row priced like the markets list (decimals as strings, `null` when the stock did
/// not trade on the last day), and its sparkline's URL.
struct WatchlistResponse: ResponseEncodable {
    struct Row: Encodable {
        let symbol: String
        @ExplicitNull var name: String?
        @ExplicitNull var exchange: String?
        @ExplicitNull var price: ExactDecimal?
        @ExplicitNull var change: ExactDecimal?
        @ExplicitNull var changePercent: ExactDecimal?
        @ExplicitNull var asOf: MarketDate?
        let sparkline: String
        /// The price is on its way (the source's rate limit): the page asks again.
        let pending: Bool
    }

    let symbols: [String]
    let results: [Row]
    let limit: Int
    let source: SourceKind
    let stale: Bool
    /// Some row's price is on its way.
    let pending: Bool
    let fetchedAt: String

    init(_ list: PricedWatchlist, source: SourceKind) {
        symbols = list.rows.map(\.symbol)
        results = list.rows.map { row in
            Row(
                symbol: row.symbol, name: row.listing?.name, exchange: row.listing?.exchange.rawValue,
                price: row.quote?.price, change: row.quote?.change, changePercent: row.quote?.changePercent,
                asOf: row.quote?.asOf, sparkline: "/stocks/\(row.symbol)/sparkline.svg",
                pending: list.pending)
        }
        limit = Watchlist.maximumCount
        self.source = source
        stale = list.isStale
        pending = list.pending
        fetchedAt = Timestamp.iso8601(list.fetchedAt)
    }
}

/// `PUT /api/v1/watchlist`'s body: the whole list, in its new order.
struct WatchlistReplacement: Decodable {
    let symbols: [String]
}
