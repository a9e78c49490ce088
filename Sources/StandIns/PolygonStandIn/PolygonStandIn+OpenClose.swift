import BourseCore
import Foundation
import Hummingbird

/// `GET /v1/open-close/{ticker}/{date}`: a completed day's bar (the grouped daily's) in Massive's
/// daily open/close shape. The simulated market trades in regular hours only, so `preMarket`
/// is the day's open and `afterHours` its close.
extension PolygonStandIn {
    func openClose(_ request: Request, symbol rawSymbol: String, date rawDate: String) throws(PolygonFailure) -> PolygonJSON {
        guard let date = MarketDate(iso: rawDate) else {
            throw .badRequest("date must be a date as YYYY-MM-DD, not '\(rawDate)'.")
        }
        _ = try AggregateOptions(request)  // checks `adjusted`
        let symbol = rawSymbol.uppercased()
        let now = marketNow()
        // No session (a weekend, a holiday), not closed yet, or a ticker the market does not trade.
        guard let session = market.calendar.session(on: date), session.close <= now,
            let bar = market.dailyBar(symbol, on: date, now: now)
        else { throw .notFound("Data not found.") }
        return .object([
            ("status", .string("OK")),
            ("from", .string(date.iso)),
            ("symbol", .string(symbol)),
            ("open", .decimal(bar.open)),
            ("high", .decimal(bar.high)),
            ("low", .decimal(bar.low)),
            ("close", .decimal(bar.close)),
            ("volume", .decimal(bar.volume)),
            ("afterHours", .decimal(bar.close)),
            ("preMarket", .decimal(bar.open)),
        ])
    }
}
