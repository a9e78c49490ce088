import BourseCore
import Dispatch
import Foundation
import Hummingbird

/// `GET /v2/snapshot/locale/us/markets/stocks/tickers[/{ticker}]` and `.../stocks/{gainers|losers}`.
///
/// A snapshot's `day` is the current trading day's bar as grouped daily gives it (today's minutes
/// so far during the session, else the last completed day's), `prevDay` the one before it, `min`
/// the day's last minute bar so far, and the last trade is at the end of that minute.
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

    /// What a snapshot shows at an instant: the current trading day, the one before it, and the
    /// end of the day's last minute so far (its close once the day has closed).
    func snapshotMoment(at now: Date) -> SnapshotMoment? {
        let day = market.currentTradingDay(at: now)
        guard let session = market.calendar.session(on: day) else { return nil }
        let minutes = SimulatedMarket.completedMinutes(of: session, at: now)
        return SnapshotMoment(
            day: day, previous: market.calendar.previousTradingDay(before: day), minutes: minutes,
            asOf: session.open.addingTimeInterval(Double(minutes) * 60))
    }

    /// One stock's snapshot; nil for a symbol the market does not trade.
    func snapshot(of symbol: String) -> StockSnapshot? {
        let now = marketNow()
        guard let moment = snapshotMoment(at: now), let listing = market.listing(for: symbol),
            let bar = market.dailyBar(symbol, on: moment.day, now: now),
            let previousBar = market.dailyBar(symbol, on: moment.previous, now: now)
        else { return nil }
        return StockSnapshot(
            listing: listing, day: bar, previousDay: previousBar,
            minutes: market.minuteBars(symbol, on: moment.day, now: now).last, asOf: moment.asOf)
    }

    /// The `tickers` array's text for every stock, written once per moment and kept.
    func allSnapshotsText() -> String {
        let now = marketNow()
        let entries = allSnapshots(at: now)
        let moment = snapshotMoment(at: now)
        if let text = snapshotCache.withLock({ $0?.moment == moment ? $0?.text : nil }) { return text }
        var text = ""
        text.reserveCapacity(entries.count * 520)
        PolygonJSON.array(entries.map(\.json)).write(into: &text)
        snapshotCache.withLock { cache in
            if cache?.moment == moment { cache?.text = text }
        }
        return text
    }

    /// Every stock's snapshot, in symbol order; computed once per moment (a completed day, or a
    /// minute of the session) on all cores, and kept.
    func allSnapshots(at now: Date? = nil) -> [StockSnapshot] {
        let now = now ?? marketNow()
        guard let moment = snapshotMoment(at: now) else { return [] }
        if let cached = snapshotCache.withLock({ $0?.moment == moment ? $0?.entries : nil }) { return cached }
        let (day, previous) = (moment.day, moment.previous)
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
                minutes: minutes[position], asOf: moment.asOf)
        }
        snapshotCache.withLock { $0 = SnapshotDay(moment: moment, entries: entries) }
        return entries
    }
}

/// The moment a snapshot shows: a trading day after its first `minutes` minutes, and the end of
/// the last of them.
struct SnapshotMoment: Sendable, Equatable {
    let day: MarketDate
    let previous: MarketDate
    let minutes: Int
    let asOf: Date
}

/// The snapshots of one moment, kept until the next minute of a session ends.
struct SnapshotDay: Sendable {
    let moment: SnapshotMoment
    let entries: [StockSnapshot]
    /// The written `tickers` array of every stock (about 4 MB), once it has been asked for.
    var text: String?
}
