import BourseCore
import Foundation

/// The user's stocks as CSV, in the list's order: `GET /api/v1/watchlist.csv` priced like the
/// list, and `bourse watch list --csv` (which needs no network: the listing's columns only).
public enum WatchlistCSV {
    /// The list as the home screen shows it: price, change and change % of the last trading
    /// day (empty when the stock did not trade), the day they are of, and when they were read.
    public static func priced(_ list: PricedWatchlist) -> CSVExport {
        var table = CSVExport(header: [
            "symbol", "name", "exchange", "price", "change", "changePercent", "asOf", "stale", "fetchedAt",
        ])
        for row in list.rows {
            table.append([
                .text(row.symbol), .text(row.listing?.name), .text(row.listing?.exchange.rawValue),
                .number(row.quote?.price), .number(row.quote?.change), .number(row.quote?.changePercent),
                .text(row.quote?.asOf.description), .text(list.isStale ? "true" : "false"),
                .text(Timestamp.iso8601(list.fetchedAt)),
            ])
        }
        return table
    }

    /// The symbols with their listing's name and exchange (nil: a symbol no longer listed).
    public static func listed(_ rows: [(symbol: String, listing: Listing?)]) -> CSVExport {
        var table = CSVExport(header: ["symbol", "name", "exchange"])
        for row in rows {
            table.append([.text(row.symbol), .text(row.listing?.name), .text(row.listing?.exchange.rawValue)])
        }
        return table
    }
}
