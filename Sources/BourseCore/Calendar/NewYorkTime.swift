import Foundation

/// US Eastern time (New York) computed from the rule, without the tz database.
///
/// Standard time is UTC-5 and daylight time UTC-4. Daylight time follows the US rule in force
/// since 2007: it starts on the second Sunday of March at 02:00 local standard time (07:00 UTC)
/// and ends on the first Sunday of November at 02:00 local daylight time (06:00 UTC). The same
/// rule is applied to every year, so dates before 2007 may be an hour off near March and
/// October; the market data this app serves lives after 2007.
public enum NewYorkTime {
    /// UTC-5, in seconds.
    public static let standardOffset = -5 * 3600
    /// UTC-4, in seconds.
    public static let daylightOffset = -4 * 3600

    /// The offset from UTC in seconds at an instant: -18000 (EST) or -14400 (EDT).
    public static func utcOffset(at date: Date) -> Int {
        isDaylightTime(at: date) ? daylightOffset : standardOffset
    }

    /// Whether daylight saving time is in effect in New York at an instant.
    public static func isDaylightTime(at date: Date) -> Bool {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let utcDay = MarketDate(daysSinceEpoch: floorDiv(seconds, 86_400))
        let (start, end) = daylightBounds(year: utcDay.year)
        return seconds >= start && seconds < end
    }

    /// The New York calendar date of an instant.
    public static func marketDate(of date: Date) -> MarketDate {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + utcOffset(at: date)
        return MarketDate(daysSinceEpoch: floorDiv(seconds, 86_400))
    }

    /// The trading session an instant belongs to (SPEC.md §10): its New York date, or the next
    /// date from 16:00 New York on. A `day` order expires when a tick's session date differs from
    /// its placement's.
    public static func sessionDate(of date: Date) -> MarketDate {
        let day = marketDate(of: date)
        return minuteOfDay(at: date) >= 16 * 60 ? day.adding(days: 1) : day
    }

    /// Minutes since local midnight in New York at an instant (0...1439).
    public static func minuteOfDay(at date: Date) -> Int {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + utcOffset(at: date)
        return floorMod(seconds, 86_400) / 60
    }

    /// The instant of a New York wall-clock time on a date.
    ///
    /// A time in the skipped hour of the spring change (02:00-02:59) is read as standard time,
    /// so it lands an hour later on the clock; a time in the repeated hour of the autumn change
    /// (01:00-01:59) is the first, daylight, occurrence.
    public static func date(of day: MarketDate, hour: Int, minute: Int = 0) -> Date {
        let local = day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60
        let asDaylight = local - daylightOffset
        if isDaylightTime(at: Date(timeIntervalSince1970: TimeInterval(asDaylight))) {
            return Date(timeIntervalSince1970: TimeInterval(asDaylight))
        }
        return Date(timeIntervalSince1970: TimeInterval(local - standardOffset))
    }

    /// Daylight time of `year` as Unix seconds: [start, end).
    static func daylightBounds(year: Int) -> (start: Int, end: Int) {
        let start = nthWeekday(7, 2, month: 3, year: year).daysSinceEpoch * 86_400 + 7 * 3600
        let end = nthWeekday(7, 1, month: 11, year: year).daysSinceEpoch * 86_400 + 6 * 3600
        return (start, end)
    }

    /// The `n`th `weekday` (ISO: 1 = Monday ... 7 = Sunday) of a month.
    static func nthWeekday(_ weekday: Int, _ n: Int, month: Int, year: Int) -> MarketDate {
        let first = MarketDate(year: year, month: month, day: 1)!
        let offset = (weekday - first.weekday + 7) % 7
        return first.adding(days: offset + 7 * (n - 1))
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    static func floorMod(_ a: Int, _ b: Int) -> Int {
        a - floorDiv(a, b) * b
    }
}
