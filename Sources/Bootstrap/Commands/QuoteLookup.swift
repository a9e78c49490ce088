import BourseApp
import BourseCore
import Foundation
import MarketData
import Storage

/// `bourse quote SYMBOL`: one stock's price and day change, as text or as the API's JSON.
public enum QuoteLookup {
    public static func run(
        symbol input: String, json: Bool, databasePath: String?, environment: [String: String]
    ) async -> Result<String, CommandFailure> {
        await CommandMarket.run(symbol: input, environment: environment, databasePath: databasePath) { market, symbol in
            await quote(of: symbol, json: json, market: market)
        }
    }

    static func quote(of symbol: String, json: Bool, market: Market) async -> Result<String, CommandFailure> {
        let response: StockResponse
        do {
            response = StockResponse(overview: try await market.stock(symbol), source: market.source)
        } catch {
            return .failure(CommandFailure(error, symbol: symbol))
        }
        return CommandFailure.output(response, json: json) { plainText(for: response) }
    }

    /// `AAPL  Apple Inc. (NASDAQ)` / `190.25  +2.75 (+1.47%)  close of 2026-11-20` / the source.
    static func plainText(for r: StockResponse) -> String {
        var lines = ["\(r.symbol)  \(r.name)" + (r.exchange.map { " (\($0))" } ?? "")]
        if let price = r.price, let asOf = r.asOf {
            var line = price.formatted(places: 2)
            if let change = r.change, let percent = r.changePercent {
                let sign = change.isNegative ? "" : "+"
                line += "  \(sign)\(change.formatted(places: 2)) (\(sign)\(percent.formatted(places: 2))%)"
            }
            lines.append(line + "  close of \(asOf)")
        } else {
            lines.append("no price: it did not trade on the last trading day")
        }
        var from = r.source.marketLabel
        if r.stale { from += " (source unreachable; showing data from \(r.fetchedAt))" }
        lines.append(from)
        return lines.joined(separator: "\n")
    }
}
