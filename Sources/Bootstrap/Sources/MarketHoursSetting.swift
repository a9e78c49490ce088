import BourseCore

/// `BOURSE_MARKET_HOURS`: when the exchange trades (SPEC.md §9). `new-york` is the New York
/// regular session (09:30-16:00 New York time, 13:00 on early closes, closed on weekends and
/// holidays); `always` never closes; `closed` never opens (to see and try the closed state).
/// Unset, it is `always` for the embedded simulated feed and `new-york` for a real feed.
public enum MarketHoursSetting {
    public static let variable = "BOURSE_MARKET_HOURS"

    /// The hours `environment` sets, or the default for a feed of `feedKind`.
    public static func read(_ environment: [String: String], feedKind: SourceKind) throws(SettingError) -> MarketHours {
        guard let text = environment[variable], !text.isEmpty else {
            return feedKind == .simulated ? .alwaysOpen : .newYork
        }
        switch text {
        case "new-york": return .newYork
        case "always": return .alwaysOpen
        case "closed": return .alwaysClosed
        default:
            throw SettingError(
                variable, problem: "'\(text.prefix(40))' is not new-york, always or closed",
                fix: "set it to new-york (the New York session), always or closed, or unset it for the feed's default")
        }
    }
}
