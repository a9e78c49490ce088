import Foundation

/// When the exchange trades (SPEC.md §9): the New York regular session for a real feed, or
/// always (the embedded simulated feed never closes), or never (to show and test the closed
/// state). While the market is closed a market order is rejected ("market closed") and limit and
/// stop orders rest.
public enum MarketHours: Sendable, Hashable {
    /// The New York regular session: 09:30 to 16:00 New York time, 13:00 on an early-close day,
    /// closed on weekends and holidays (`TradingCalendar`).
    case newYork
    /// Always open.
    case alwaysOpen
    /// Always closed.
    case alwaysClosed

    /// Whether the market is open at an instant and, when it is not, when it next opens.
    public func status(at instant: Date) -> MarketStatus {
        switch self {
        case .alwaysOpen:
            return .open
        case .alwaysClosed:
            return .closed(nextOpen: nil)
        case .newYork:
            let calendar = TradingCalendar()
            if calendar.session(containing: instant) != nil { return .open }
            let today = NewYorkTime.marketDate(of: instant)
            if let session = calendar.session(on: today), session.open > instant {
                return .closed(nextOpen: session.open)
            }
            return .closed(nextOpen: calendar.session(on: calendar.nextTradingDay(after: today))?.open)
        }
    }

    /// Whether the status changes with time (it has to be checked as the clock moves).
    public var changesOverTime: Bool { self == .newYork }
}
