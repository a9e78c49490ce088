import Foundation

/// The ranges a price chart offers, and which bars each one asks the source for.
///
/// 1D is the last trading day in 5-minute bars; 5D the last five trading days in 15-minute bars;
/// 1M, 3M and 1Y daily bars over the last 30, 91 and 365 calendar days up to that day. Which day
/// is last is the market's to say (`Market.chartDay`: the day its prices are of).
public enum ChartRange: String, Sendable, CaseIterable, Codable {
    case oneDay = "1D"
    case fiveDays = "5D"
    case oneMonth = "1M"
    case threeMonths = "3M"
    case oneYear = "1Y"

    /// The bar size and the dates to ask for.
    public struct Window: Sendable, Equatable {
        public var multiplier: Int
        /// `minute` or `day`, as Polygon spells it.
        public var timespan: String
        public var from: MarketDate
        public var to: MarketDate
    }

    /// Is this range drawn from intraday bars?
    public var isIntraday: Bool { self == .oneDay || self == .fiveDays }

    /// The window ending at the most recent trading day that has started by `now`.
    public func window(at now: Date, calendar: TradingCalendar) -> Window {
        window(endingOn: Self.lastStartedDay(at: now, calendar: calendar), calendar: calendar)
    }

    /// Today once its session has opened, else the last completed trading day.
    public static func lastStartedDay(at now: Date, calendar: TradingCalendar) -> MarketDate {
        let today = NewYorkTime.marketDate(of: now)
        if let session = calendar.session(on: today), now >= session.open { return today }
        return calendar.lastCompletedTradingDay(at: now)
    }

    /// The window whose last trading day is `day`.
    public func window(endingOn day: MarketDate, calendar: TradingCalendar) -> Window {
        switch self {
        case .oneDay:
            return Window(multiplier: 5, timespan: "minute", from: day, to: day)
        case .fiveDays:
            var first = day
            for _ in 0..<4 { first = calendar.previousTradingDay(before: first) }
            return Window(multiplier: 15, timespan: "minute", from: first, to: day)
        case .oneMonth:
            return Window(multiplier: 1, timespan: "day", from: day.adding(days: -30), to: day)
        case .threeMonths:
            return Window(multiplier: 1, timespan: "day", from: day.adding(days: -91), to: day)
        case .oneYear:
            return Window(multiplier: 1, timespan: "day", from: day.adding(days: -365), to: day)
        }
    }
}
