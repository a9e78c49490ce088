import BourseCore
import Foundation

/// A stand-in for the trading calendar: the regular close, without holidays.
public enum USMarketHours {
    /// The first weekday 16:00 in New York strictly after `date`.
    ///
    /// New York's offset follows the US rule since 2007 (UTC-4 from the second Sunday of March
    /// to the first Sunday of November, UTC-5 otherwise), so no time-zone database is needed.
    /// Holidays and early closes are ignored: on a holiday this is a day early, which only
    /// makes a cached daily answer be asked for once more.
    public static func approximateNextClose(after date: Date) -> Date {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let utcDay = MarketDate(daysSinceEpoch: Int((Double(seconds) / 86_400).rounded(.down)))
        // New York's date is the UTC date or the day before; start there and walk forward.
        var day = utcDay.adding(days: -1)
        while true {
            if !day.isWeekend {
                let close = closeInstant(on: day)
                if close > date { return close }
            }
            day = day.adding(days: 1)
        }
    }

    /// 16:00 New York time on `day`, as an instant.
    static func closeInstant(on day: MarketDate) -> Date {
        let utcHour = isDaylightSaving(day) ? 20 : 21
        return Date(timeIntervalSince1970: TimeInterval(day.daysSinceEpoch * 86_400 + utcHour * 3_600))
    }

    /// Whether 16:00 on `day` falls in US daylight saving time.
    static func isDaylightSaving(_ day: MarketDate) -> Bool {
        let start = nthSunday(2, month: 3, year: day.year)
        let end = nthSunday(1, month: 11, year: day.year)
        return day >= start && day < end
    }

    private static func nthSunday(_ n: Int, month: Int, year: Int) -> MarketDate {
        let first = MarketDate(year: year, month: month, day: 1)!
        let toSunday = (7 - first.weekday) % 7
        return first.adding(days: toSunday + 7 * (n - 1))
    }
}
