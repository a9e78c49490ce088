import BourseCore
import Foundation

/// `BOURSE_CLOCK`: the instant the app's clock starts at, to use and test the app at a chosen
/// hour (a session, the minutes around the close, a weekend, a holiday) whatever the hour it
/// runs at. `2026-11-24T15:35:00Z` starts the clock there when the process starts and lets it
/// run; `2026-11-24T15:35:00Z stopped` holds it there (the market's data does not move; nor
/// does a rate limit's minute, so a stopped clock is for answers, not for rates). Unset or
/// empty: the system clock. The market data, the stand-ins, the exchange's hours, the alerts
/// and the sessions all read this one clock.
public enum ClockSetting {
    public static let variable = "BOURSE_CLOCK"

    /// The clock `environment` sets; `start` is the system's now when the process starts.
    public static func read(
        _ environment: [String: String], start: Date = Date()
    ) throws(SettingError) -> @Sendable () -> Date {
        guard let text = environment[variable]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            return { Date() }
        }
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(parts.count), let instant = Timestamp.parseISO8601(String(parts[0])) else {
            throw SettingError(
                variable, problem: "'\(text.prefix(40))' is not a UTC instant such as 2026-11-24T15:35:00Z",
                fix: "set it to a UTC instant (YYYY-MM-DDTHH:MM:SSZ), with ' stopped' to hold the clock there, or unset it")
        }
        if parts.count == 2 {
            guard parts[1] == "stopped" else {
                throw SettingError(
                    variable, problem: "'\(parts[1].prefix(20))' after the instant is not 'stopped'",
                    fix: "write the instant alone (the clock runs from it) or follow it with ' stopped'")
            }
            return { instant }
        }
        let offset = instant.timeIntervalSince(start)
        return { Date().addingTimeInterval(offset) }
    }
}
