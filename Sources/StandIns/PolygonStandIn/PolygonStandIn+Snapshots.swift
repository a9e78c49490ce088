import BourseCore
import Dispatch
import Foundation
import Hummingbird

/// `GET /v2/snapshot/locale/us/markets/stocks/tickers[/{ticker}]` and `.../stocks/{gainers|losers}`.
///
/// A snapshot's `day` is the last completed trading day's bar (the grouped daily's), `prevDay`
/// the one before it, `min` the day's last minute bar, and the last trade is at the day's close.
extension PolygonStandIn {
    /// How many tickers gainers and losers list, as Massive does.
    static let directionLimit = 20

    /// The `{direction}` segment: `tickers` (every stock), `gainers` or `losers`.
    func snapshots(_ request: Request, segment: String) throws(PolygonFailure) -> PolygonJSON {
        let params = request.uri.queryParameters
        if let otc = params["include_otc"], Bool(String(otc)) == nil {
            throw .badRequest("include_otc must be 'true' or 'false', not '\(otc)'.")
        }
        switch segment {
        case "tickers":
            var entries = allSnapshots()
            if let wanted = params["tickers"], !wanted.isEmpty {
                let symbols = Set(wanted.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() })
                entries.removeAll { !symbols.contains($0.symbol) }
            }
            let narrowed = params["tickers"].map { !$0.isEmpty } ?? false
            return .object([
                ("status", .string("OK")),
                ("request_id", .string(Self.requestID(for: request))),
                ("count", .int(entries.count)),
                ("tickers", narrowed ? .array(entries.map(\.json)) : .number(allSnapshotsText())),
            ])
        case "gainers", "losers":
            let gainers = segment == "gainers"
            let sorted = allSnapshots()
                .filter { gainers ? $0.change > .zero : $0.change < .zero }
                .sorted { a, b in
                    let (x, y) = (a.changePercent, b.changePercent)
                    if x != y { return gainers ? x > y : x < y }
                    return a.symbol < b.symbol
                }
            return .object([
                ("status", .string("OK")),
                ("request_id", .string(Self.requestID(for: request))),
                ("tickers", .array(sorted.prefix(Self.directionLimit).map(\.json))),
            ])
        default:
            throw .badRequest("direction must be 'gainers' or 'losers', not '\(segment)'.")
        }
    }

    func tickerSnapshot(_ request: Request, symbol rawSymbol: String) throws(PolygonFailure) -> PolygonJSON {
        guard let snapshot = snapshot(of: rawSymbol.uppercased()) else { throw .notFound("Ticker not found.") }
        return .object([
            ("request_id", .string(Self.requestID(for: request))),
            ("status", .string("OK")),
            ("ticker", snapshot.json),
        ])
    }

    /// The trading day a snapshot shows at the stand-in's "now", and the one before it.
    func snapshotDays() -> (day: MarketDate, previous: MarketDate) {
        let day = market.calendar.lastCompletedTradingDay(at: clock())
        return (day, market.calendar.previousTradingDay(before: day))
    }

    /// One stock's snapshot; nil for a symbol the market does not trade.
    func snapshot(of symbol: String) -> StockSnapshot? {
        let now = clock()
        let (day, previous) = snapshotDays()
        guard let listing = market.listing(for: symbol), let session = market.calendar.session(on: day),
            let bar = market.dailyBar(symbol, on: day, now: now),
            let previousBar = market.dailyBar(symbol, on: previous, now: now)
        else { return nil }
        return StockSnapshot(
            listing: listing, day: bar, previousDay: previousBar, minutes: market.minuteBars(symbol, on: day, now: now).last,
            close: session.close)
    }

    /// The `tickers` array's text for every stock, written once per trading day and kept.
    func allSnapshotsText() -> String {
        let entries = allSnapshots()
        let day = snapshotDays().day
        if let text = snapshotCache.withLock({ $0?.day == day ? $0?.text : nil }) { return text }
        var text = ""
        text.reserveCapacity(entries.count * 520)
        PolygonJSON.array(entries.map(\.json)).write(into: &text)
        snapshotCache.withLock { cache in
            if cache?.day == day { cache?.text = text }
        }
        return text
    }

    /// Every stock's snapshot, in symbol order; computed once per trading day (on all cores) and kept.
    func allSnapshots() -> [StockSnapshot] {
        let now = clock()
        let (day, previous) = snapshotDays()
        if let cached = snapshotCache.withLock({ $0?.day == day ? $0?.entries : nil }) { return cached }
        guard let session = market.calendar.session(on: day) else { return [] }
        let bars = market.groupedDaily(on: day, now: now)
        let previousBars = market.groupedDaily(on: previous, now: now)
        guard bars.count == previousBars.count else { return [] }
        let listings = market.listings
        let count = bars.count
        var minutes = [Bar?](repeating: nil, count: count)
        let chunks = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount * 4))
        minutes.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                for position in (count * chunk / chunks)..<(count * (chunk + 1) / chunks) {
                    output[position] = market.minuteBars(bars[position].symbol, on: day, now: now).last
                }
            }
        }
        let entries = (0..<count).map { position in
            StockSnapshot(
                listing: listings[position], day: bars[position].bar, previousDay: previousBars[position].bar,
                minutes: minutes[position], close: session.close)
        }
        snapshotCache.withLock { $0 = SnapshotDay(day: day, entries: entries) }
        return entries
    }
}

/// The snapshots of one trading day, kept until the next day completes.
struct SnapshotDay: Sendable {
    let day: MarketDate
    let entries: [StockSnapshot]
    /// The written `tickers` array of every stock (about 4 MB), once it has been asked for.
    var text: String?
}
