import Foundation

/// The NYSE/NASDAQ trading calendar: which days trade and when each session opens and closes.
///
/// A trading day is a weekday that is not a full holiday (see `holidays(in:)`). Its regular
/// session runs from 09:30 to 16:00 New York time, or to 13:00 on an early-close day (see
/// `earlyCloses(in:)`). Times are computed by `NewYorkTime`, so no tz database is needed.
public struct TradingCalendar: Sendable {
    public init() {}

    /// Whether the market holds a regular session on a date.
    public func isTradingDay(_ date: MarketDate) -> Bool {
        !date.isWeekend && Self.kind(of: date) != .closed
    }

    /// The holiday observed on a date, if the market is closed for one.
    public func holiday(on date: MarketDate) -> MarketHoliday? {
        holidays(in: date.year).first { $0.date == date }
    }

    /// Whether a date is a trading day that closes at 13:00.
    public func isEarlyClose(_ date: MarketDate) -> Bool {
        !date.isWeekend && Self.kind(of: date) == .earlyClose
    }

    /// The session on a date: open 09:30, close 16:00 (13:00 on early-close days); nil when the
    /// market is closed that day.
    public func session(on date: MarketDate) -> TradingSession? {
        guard isTradingDay(date) else { return nil }
        return TradingSession(
            date: date,
            open: NewYorkTime.date(of: date, hour: 9, minute: 30),
            close: NewYorkTime.date(of: date, hour: isEarlyClose(date) ? 13 : 16))
    }

    /// The session in progress at an instant, if the market is open then.
    public func session(containing instant: Date) -> TradingSession? {
        guard let session = session(on: NewYorkTime.marketDate(of: instant)), session.contains(instant) else {
            return nil
        }
        return session
    }

    /// The last trading day strictly before a date.
    public func previousTradingDay(before date: MarketDate) -> MarketDate {
        var day = date.adding(days: -1)
        while !isTradingDay(day) { day = day.adding(days: -1) }
        return day
    }

    /// The first trading day strictly after a date.
    public func nextTradingDay(after date: MarketDate) -> MarketDate {
        var day = date.adding(days: 1)
        while !isTradingDay(day) { day = day.adding(days: 1) }
        return day
    }

    /// The trading days from `start` through `end`, both included, in order; empty if `end < start`.
    public func tradingDays(from start: MarketDate, through end: MarketDate) -> [MarketDate] {
        guard start <= end else { return [] }
        var days: [MarketDate] = []
        var day = start
        while day <= end {
            if isTradingDay(day) { days.append(day) }
            day = day.adding(days: 1)
        }
        return days
    }

    /// The most recent trading day whose session had closed at an instant (close <= instant).
    ///
    /// At 15:59 on a Friday this is Thursday; at 16:00 it is Friday; all weekend it is Friday.
    public func lastCompletedTradingDay(at instant: Date) -> MarketDate {
        let today = NewYorkTime.marketDate(of: instant)
        if let session = session(on: today), session.close <= instant { return today }
        return previousTradingDay(before: today)
    }

    /// The first session close strictly after an instant.
    ///
    /// Daily bars are fresh until then: no new daily bar can appear before the next close.
    public func nextClose(after instant: Date) -> Date {
        let today = NewYorkTime.marketDate(of: instant)
        if let session = session(on: today), session.close > instant { return session.close }
        return session(on: nextTradingDay(after: today))!.close
    }

    enum DayKind: Sendable { case closed, earlyClose }

    /// The holidays and early closes of 1970-2199, by day number, computed once.
    private static let table: [Int: DayKind] = {
        let calendar = TradingCalendar()
        var table: [Int: DayKind] = [:]
        for year in 1970...2199 {
            for day in calendar.earlyCloses(in: year) { table[day.daysSinceEpoch] = .earlyClose }
            for holiday in calendar.holidays(in: year) { table[holiday.date.daysSinceEpoch] = .closed }
        }
        return table
    }()

    private static func kind(of date: MarketDate) -> DayKind? {
        if (1970...2199).contains(date.year) { return table[date.daysSinceEpoch] }
        let calendar = TradingCalendar()
        if calendar.holidays(in: date.year).contains(where: { $0.date == date }) { return .closed }
        return calendar.earlyCloses(in: date.year).contains(date) ? .earlyClose : nil
    }
}
