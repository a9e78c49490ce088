import BourseCore
import Foundation

/// The exchange screen's words for a closed market (SPEC.md §9), as the page is drawn;
/// `exchange-market.js` writes the same words when the socket says the market opened or closed.
enum ExchangeMarketNote {
    /// The notice in the bar: "Market closed: opens Mon, Nov 30, 9:30 AM ET." (just "Market closed."
    /// when it never opens).
    static func notice(_ status: MarketStatus) -> String {
        guard let nextOpen = status.nextOpen else { return "Market closed." }
        return "Market closed: opens \(newYorkText(nextOpen))."
    }

    /// What the order ticket says while the market is closed.
    static let ticket = "The market is closed: a market order is rejected until it opens; limit and stop orders rest."

    /// An instant as New York's wall clock, in the pages' one date style (`dates.js`'s
    /// `marketTime` in an English browser): "Mon, Nov 30, 9:30 AM ET".
    static func newYorkText(_ instant: Date) -> String {
        let date = NewYorkTime.marketDate(of: instant)
        let minute = NewYorkTime.minuteOfDay(at: instant)
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let hour = minute / 60 % 12 == 0 ? 12 : minute / 60 % 12
        let clock = "\(hour):\(minute % 60 < 10 ? "0" : "")\(minute % 60) \(minute < 12 * 60 ? "AM" : "PM")"
        return "\(weekdays[date.weekday - 1]), \(months[date.month - 1]) \(date.day), \(clock) ET"
    }
}
