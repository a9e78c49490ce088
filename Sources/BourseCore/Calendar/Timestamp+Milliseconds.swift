import Foundation

/// ISO 8601 UTC timestamps with milliseconds (`2026-11-20T14:30:00.125Z`), the feed's clock.
extension Timestamp {
    /// Milliseconds, UTC, with a `Z`.
    public static func iso8601Milliseconds(_ date: Date) -> String {
        // Through whole microseconds first: a Date read from "…00.125Z" can hold 0.12499999…,
        // and flooring that straight to milliseconds would write it back as "…00.124Z". A Date is
        // a Double whose step grows with the year: from 2038 it cannot be trusted to the
        // microsecond (reading and storing it each round once), so the fraction is rounded to the
        // finest step that still holds four of its steps (10 µs, 100 µs, by the year 9999 a whole
        // millisecond). The fraction is taken apart from the whole seconds, which
        // `* 1_000_000` would push beyond 2^53 (after the year 2255).
        let interval = date.timeIntervalSince1970
        let wholeSeconds = interval.rounded(.down)
        var unitsPerMillisecond: Int64 = 1000
        while unitsPerMillisecond > 1, 4 * interval.ulp > 0.001 / Double(unitsPerMillisecond) { unitsPerMillisecond /= 10 }
        let units = Int64(((interval - wholeSeconds) * Double(unitsPerMillisecond * 1000)).rounded())
        let milliseconds = Int64(wholeSeconds) * 1000 + units / unitsPerMillisecond
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let fraction = Int(milliseconds - seconds * 1000)
        let whole = iso8601(Date(timeIntervalSince1970: TimeInterval(seconds)))
        let padded = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return "\(whole.dropLast()).\(padded)Z"
    }

    /// Reads `YYYY-MM-DDTHH:MM:SS[.fff…]Z` (UTC only); nil for anything else.
    public static func parseISO8601(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let date = MarketDate(iso: text.prefix(10))
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard (48...57).contains(bytes[i]) else { return nil }
                value = value * 10 + Int(bytes[i] - 48)
            }
            return value
        }
        guard let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var milliseconds = 0
        let end = bytes.count - 1
        if end > 19 {
            // A fraction: a point and 1 to 9 digits; digits past milliseconds are dropped.
            guard bytes[19] == UInt8(ascii: "."), end - 20 >= 1, end - 20 <= 9, let digits = number(20..<end) else {
                return nil
            }
            var nanoseconds = digits
            for _ in (end - 20)..<9 { nanoseconds *= 10 }
            milliseconds = nanoseconds / 1_000_000
        } else if end != 19 {
            return nil
        }
        let secondsSinceEpoch = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(secondsSinceEpoch) + TimeInterval(milliseconds) / 1000)
    }
}
