import Foundation

/// Where the time axis puts its labels: at the first bar of each hour, day, week or month,
/// in New York time.
public enum TimeTickRule: String, Sendable, CaseIterable {
    /// Intraday bars of one day: every hour on the hour ("10:00").
    case hours
    /// Intraday bars over several days: each new day ("Nov 17").
    case days
    /// Daily bars over up to two months: each new week, at its first trading day ("Nov 17").
    case weeks
    /// Daily bars over a longer span: each new month ("Mar"; January shows the year, "2026").
    case months

    /// The rule that suits bars: intraday when two bars share a day (or a lone bar is not at
    /// midnight), hours within one day, weeks for up to 62 days of daily bars, else months.
    public static func automatic(for starts: [Date]) -> TimeTickRule {
        guard let first = starts.first, let last = starts.last else { return .hours }
        let firstDay = NewYorkTime.marketDate(of: first)
        let lastDay = NewYorkTime.marketDate(of: last)
        let intraday =
            starts.count == 1
            ? NewYorkTime.minuteOfDay(at: first) != 0
            : zip(starts, starts.dropFirst()).contains {
                NewYorkTime.marketDate(of: $0) == NewYorkTime.marketDate(of: $1)
            }
        if intraday { return firstDay == lastDay ? .hours : .days }
        return lastDay.daysSinceEpoch - firstDay.daysSinceEpoch <= 62 ? .weeks : .months
    }

    /// The indices of the bars that start a new period, each with its label.
    ///
    /// The first bar counts only when it is sure to start its period: on the hour for `hours`,
    /// always for `days` (intraday data begins at a session's start); a first week or month may
    /// be partial, so it gets no label.
    public func boundaries(of starts: [Date]) -> [(index: Int, label: String)] {
        var result: [(index: Int, label: String)] = []
        var previousKey: Int?
        for (index, start) in starts.enumerated() {
            let day = NewYorkTime.marketDate(of: start)
            let minute = NewYorkTime.minuteOfDay(at: start)
            let key: Int
            switch self {
            case .hours: key = day.daysSinceEpoch * 24 + minute / 60
            case .days: key = day.daysSinceEpoch
            case .weeks: key = (day.daysSinceEpoch - (day.weekday - 1))
            case .months: key = day.year * 12 + day.month
            }
            defer { previousKey = key }
            if let previousKey {
                guard key != previousKey else { continue }
            } else {
                switch self {
                case .hours: guard minute % 60 == 0 else { continue }
                case .days: break
                case .weeks, .months: continue
                }
            }
            result.append((index, label(day: day, minute: minute)))
        }
        return result
    }

    private func label(day: MarketDate, minute: Int) -> String {
        switch self {
        case .hours: return ChartText.clock(minute)
        case .days, .weeks: return ChartText.monthDay(day)
        case .months: return day.month == 1 ? String(day.year) : ChartText.months[day.month - 1]
        }
    }
}
