import BourseCore
import Foundation

/// The exchange screen's words for a closed market (SPEC.md §9), as the page is drawn;
/// `exchange-market.js` writes the same words when the socket says the market opened or closed.
enum ExchangeMarketNote {
    /// The notice in the bar: "Market closed: opens Mon 30 Nov 09:30 ET." (just "Market closed."
    /// when it never opens).
    static func notice(_ status: MarketStatus) -> String {
        guard let nextOpen = status.nextOpen else { return "Market closed." }
        return "Market closed: opens \(newYorkText(nextOpen))."
    }

    /// What the order ticket says while the market is closed.
    static let ticket = "The market is closed: a market order is rejected until it opens; limit and stop orders rest."

    /// An instant as New York's wall clock: "Mon 30 Nov 09:30 ET".
    static func newYorkText(_ instant: Date) -> String {
        let date = NewYorkTime.marketDate(of: instant)
        let minute = NewYorkTime.minuteOfDay(at: instant)
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let clock = String(format: "%02d:%02d", minute / 60, minute % 60)
        return "\(weekdays[date.weekday - 1]) \(date.day) \(months[date.month - 1]) \(clock) ET"
    }
}
