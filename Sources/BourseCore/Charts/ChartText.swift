import Foundation

/// The words and numbers a chart shows for times, in New York time and English, without
/// Foundation's locale-dependent formatters.
public enum ChartText {
    /// "Jan" ... "Dec".
    public static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// "Mon" ... "Sun" (ISO order, Monday first).
    public static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// A time of day from minutes since midnight: `570` -> "09:30".
    public static func clock(_ minuteOfDay: Int) -> String {
        let hour = minuteOfDay / 60
        let minute = minuteOfDay % 60
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    /// "Nov 17".
    public static func monthDay(_ day: MarketDate) -> String {
        months[day.month - 1] + " " + String(day.day)
    }

    /// "Fri Nov 20 2026".
    public static func fullDate(_ day: MarketDate) -> String {
        weekdays[day.weekday - 1] + " " + monthDay(day) + " " + String(day.year)
    }

    /// A bar's time for a readout: "Fri Nov 20 2026" for a daily bar, "Fri Nov 20 2026 10:35"
    /// for an intraday one.
    public static func barTime(_ start: Date, intraday: Bool) -> String {
        let day = fullDate(NewYorkTime.marketDate(of: start))
        return intraday ? day + " " + clock(NewYorkTime.minuteOfDay(at: start)) : day
    }
}
