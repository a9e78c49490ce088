import BourseCore
import BundledData
import Foundation
import MarketData
import Storage

/// `bourse history SYMBOL`: the last days of daily bars with their OHLC averages, as a table and
/// a sparkline, or as JSON.
public enum HistoryLookup {
    public static func run(
        symbol input: String, days: Int, json: Bool, databasePath: String?, environment: [String: String]
    ) async -> Result<String, CommandFailure> {
        let daysInRange = { () -> CommandFailure? in
            guard (1...Market.maxHistoryDays).contains(days) else {
                return CommandFailure(
                    message: "--days must be from 1 to \(Market.maxHistoryDays), got \(days)", exitCode: 64)
            }
            return nil
        }
        return await CommandMarket.run(
            symbol: input, environment: environment, databasePath: databasePath, validate: daysInRange
        ) { market, symbol in
            await history(of: symbol, days: days, json: json, market: market)
        }
    }

    static func history(of symbol: String, days: Int, json: Bool, market: Market) async -> Result<String, CommandFailure> {
        let response: HistoryResponse
        do {
            let bars = try await market.dailyBars(symbol, days: days)
            // Polygon answers an unknown ticker's bars with none; its reference data says whether it exists.
            if bars.value.isEmpty { _ = try await market.stock(symbol) }
            let listing = try? BundledData.listings().first { $0.symbol == symbol }
            response = HistoryResponse(symbol: symbol, listing: listing, days: days, bars: bars, source: market.source)
        } catch {
            return .failure(CommandFailure(error, symbol: symbol))
        }
        return CommandFailure.output(response, json: json) { plainText(for: response) }
    }

    /// A heading, one aligned row per bar, the sparkline of the averages, and the source.
    static func plainText(for r: HistoryResponse) -> String {
        var heading = r.symbol + (r.name.map { "  \($0)" } ?? "") + (r.exchange.map { " (\($0))" } ?? "")
        heading += ": daily bars of the last \(r.days) days"
        guard let first = r.bars.first, let last = r.bars.last else {
            return [heading, "no trading in those days", sourceLine(r)].joined(separator: "\n")
        }
        var lines = [heading + ", \(first.date) to \(last.date)"]
        let columns = ["Date", "Open", "High", "Low", "Close", "Volume", "OHLC avg"]
        let rows = r.bars.map { bar in
            [
                bar.date.description, bar.o.formatted(places: 2), bar.h.formatted(places: 2), bar.l.formatted(places: 2),
                bar.c.formatted(places: 2), bar.v.formatted(places: 0), bar.avg.formatted(places: 2),
            ]
        }
        lines += TextTable.lines([columns] + rows, rightAligned: Set(1..<columns.count))
        let averages = r.bars.map(\.avg)
        if let low = averages.min(), let high = averages.max() {
            lines.append("")
            lines.append(
                "OHLC average  \(Sparkline.render(averages))  low \(low.formatted(places: 2)), high \(high.formatted(places: 2))")
        }
        lines.append(sourceLine(r))
        return lines.joined(separator: "\n")
    }

    private static func sourceLine(_ r: HistoryResponse) -> String {
        var from = r.source.marketLabel
        if r.stale { from += " (source unreachable; showing data from \(r.fetchedAt))" }
        return from
    }
}
