import Foundation
// TEMPORARY stub, deleted when the real calendar lands.
public struct TradingSession: Sendable { public var open: Date; public var close: Date }
public struct TradingCalendar: Sendable {
    public init() {}
    public func session(on day: MarketDate) -> TradingSession? { nil }
    public func lastCompletedTradingDay(at date: Date) -> MarketDate { MarketDate(iso: "2026-11-20")! }
    public func previousTradingDay(before day: MarketDate) -> MarketDate { day.adding(days: -1) }
}
public enum NewYorkTime { public static func marketDate(of date: Date) -> MarketDate { MarketDate(iso: "2026-11-20")! } }
