import BourseCore
import Foundation

/// Bars for the chart tests: daily bars at 00:00 New York (as Polygon stamps them) and
/// intraday bars at a New York time.
enum ChartBars {
    static func daily(
        _ iso: String, _ open: ExactDecimal, _ high: ExactDecimal, _ low: ExactDecimal, _ close: ExactDecimal
    ) -> Bar {
        Bar(
            start: NewYorkTime.date(of: MarketDate(iso: iso)!, hour: 0), open: open, high: high, low: low, close: close,
            volume: 1000)
    }

    static func at(_ iso: String, _ hour: Int, _ minute: Int, close: ExactDecimal = 100) -> Bar {
        Bar(
            start: NewYorkTime.date(of: MarketDate(iso: iso)!, hour: hour, minute: minute),
            open: close, high: close + 1, low: close - 1, close: close, volume: 10)
    }

    /// A day of `minutes`-minute bars from 09:30 to the last one before 16:00.
    static func session(_ iso: String, every minutes: Int) -> [Bar] {
        stride(from: 9 * 60 + 30, to: 16 * 60, by: minutes).enumerated().map { index, minute in
            at(iso, minute / 60, minute % 60, close: 100 + ExactDecimal(index % 7))
        }
    }

    /// One daily bar per trading day from `from` through `through`.
    static func dailyRun(from: String, through: String) -> [Bar] {
        TradingCalendar().tradingDays(from: MarketDate(iso: from)!, through: MarketDate(iso: through)!)
            .enumerated().map { index, day in
                let close = 100 + ExactDecimal(index % 11)
                return Bar(
                    start: NewYorkTime.date(of: day, hour: 0), open: close, high: close + 2, low: close - 2, close: close,
                    volume: 5)
            }
    }
}
