import BourseCore
import Foundation

/// Every stock's current day and the day before, from one snapshot of the whole market
/// (Massive's paid tiers): what grouped daily gives in two requests, in one.
public struct MarketSnapshot: Sendable {
    /// The trading day the `last` bars belong to (New York date of the newest update).
    public var day: MarketDate
    /// Each ticker's bar of `day` so far (its close is the last price).
    public var last: [String: Bar]
    /// Each ticker's bar of the trading day before `day`.
    public var previous: [String: Bar]

    public init(day: MarketDate, last: [String: Bar], previous: [String: Bar]) {
        self.day = day
        self.last = last
        self.previous = previous
    }
}

extension MarketDataProvider {
    /// `GET /v2/snapshot/locale/us/markets/stocks/tickers`: every stock at once, on tiers that
    /// may read snapshots. A source without them refuses (`.notAuthorized`), as Massive's free
    /// tier does, and the list is priced from grouped daily instead.
    public func snapshots() async throws(MarketDataError) -> Fetched<MarketSnapshot> {
        throw .notAuthorized("this source has no snapshots")
    }

    /// `GET /v2/snapshot/locale/us/markets/stocks/tickers/{ticker}`: one stock's snapshot.
    public func snapshot(_ symbol: String) async throws(MarketDataError) -> Fetched<MarketSnapshot> {
        throw .notAuthorized("this source has no snapshots")
    }
}

extension MarketSnapshot {
    /// The snapshot as a pricing: `day` against the trading day before it.
    public func pricing(calendar: TradingCalendar) -> ListPricing {
        ListPricing(lastDay: day, last: last, previousDay: calendar.previousTradingDay(before: day), previous: previous)
    }
}
