import BourseCore
import Foundation
import Hummingbird

/// `GET /v2/aggs/grouped/locale/us/market/stocks/{date}`.
extension PolygonStandIn {
    func groupedDaily(_ request: Request, date rawDate: String) throws(PolygonFailure) -> PolygonJSON {
        guard let date = MarketDate(iso: rawDate) else {
            throw .badRequest("date must be a date as YYYY-MM-DD, not '\(rawDate)'.")
        }
        let options = try AggregateOptions(request)
        let now = marketNow()
        let bars = market.groupedDaily(on: date, now: now)
        let complete = market.calendar.session(on: date).map { $0.close <= now } ?? false
        var members: [(String, PolygonJSON)] = [
            ("queryCount", .int(bars.count)),
            ("resultsCount", .int(bars.count)),
            ("adjusted", .bool(options.adjusted)),
        ]
        if !bars.isEmpty {
            members.append(("results", .number(groupedResultsText(date: date, bars: bars, complete: complete))))
        }
        members.append(("status", .string("OK")))
        members.append(("request_id", .string(Self.requestID(for: request))))
        if !bars.isEmpty { members.append(("count", .int(bars.count))) }
        return .object(members)
    }

    /// The `results` array's text for a day: a completed day's is written once and kept (it is
    /// about 1 MB); a day in progress changes every minute.
    func groupedResultsText(date: MarketDate, bars: [GroupedBar], complete: Bool) -> String {
        if complete, let text = groupedText.withLock({ $0[date.daysSinceEpoch] }) { return text }
        var text = ""
        text.reserveCapacity(bars.count * 120)
        PolygonJSON.array(bars.map { Self.barJSON(BarBucketing.combine([$0.bar], start: $0.bar.start), symbol: $0.symbol) })
            .write(into: &text)
        guard complete else { return text }
        groupedText.withLock { cache in
            if cache.count >= 8, let oldest = cache.keys.min() { cache[oldest] = nil }
            cache[date.daysSinceEpoch] = text
        }
        return text
    }
}
