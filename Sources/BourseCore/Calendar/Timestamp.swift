import Foundation

/// ISO 8601 timestamps in UTC (`2026-11-20T14:30:00Z`), without Foundation's formatters.
public enum Timestamp {
    /// Whole seconds, UTC, with a `Z`.
    public static func iso8601(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let date = MarketDate(daysSinceEpoch: days)
        return "\(date.iso)T\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60))Z"
    }

    /// A `Date` from Unix milliseconds (Polygon's `t`).
    public static func fromUnixMilliseconds(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
    }

    /// Unix milliseconds of a `Date`.
    public static func unixMilliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
