import BourseCore
import Foundation
import MarketData
import MarketsFeature
import Storage

/// `bourse quote SYMBOL`: one stock's price and day change, as text or as the API's JSON.
///
/// A price not in within a second (Massive's free tier paces its requests) is waited for, after
/// one line to `progress` (standard error) saying so: the output itself is only the final answer.
public enum QuoteLookup {
    /// How long the first ask waits for the price before the command says it is loading.
    static let patience = Duration.seconds(1)

    public static func run(
        symbol input: String, json: Bool, databasePath: String?, environment: [String: String],
        progress: @escaping @Sendable (String) -> Void = QuoteLookup.standardError
    ) async -> Result<String, CommandFailure> {
        await CommandMarket.run(symbol: input, environment: environment, databasePath: databasePath) { market, symbol in
            await quote(of: symbol, json: json, market: market, progress: progress)
        }
    }

    /// Writes `line` to standard error: where a command says what it is doing.
    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func quote(
        of symbol: String, json: Bool, market: Market, progress: @Sendable (String) -> Void
    ) async -> Result<String, CommandFailure> {
        let response: StockResponse
        do {
            var overview = try await market.stock(symbol, pricingPatience: patience)
            // The JSON is the API's, key statistics included: it waits for them too.
            if overview.pending || (json && overview.statisticsPending) {
                progress(loadingLine(symbol: symbol, source: market.source))
                overview = try await market.stock(symbol, pricingPatience: nil)
            }
            response = StockResponse(overview: overview, source: market.source)
        } catch {
            return .failure(CommandFailure(error, symbol: symbol))
        }
        return CommandFailure.output(response, json: json) { plainText(for: response) }
    }

    /// `AAPL: loading its price (Massive's free tier: 5 requests a minute)…`
    static func loadingLine(symbol: String, source: SourceKind) -> String {
        source == .polygon
            ? "\(symbol): loading its price (Massive's free tier: 5 requests a minute)…"
            : "\(symbol): loading its price…"
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
