import Foundation

/// One day's regular trading session on the New York exchanges.
public struct TradingSession: Sendable, Hashable {
    /// The New York calendar date of the session.
    public let date: MarketDate
    /// 09:30 New York time.
    public let open: Date
    /// 16:00 New York time, or 13:00 on an early-close day.
    public let close: Date

    public init(date: MarketDate, open: Date, close: Date) {
        self.date = date
        self.open = open
        self.close = close
    }

    /// True when the session ends at 13:00 instead of 16:00.
    public var isEarlyClose: Bool { minutes < 390 }

    /// The session's length in minutes: 390, or 210 on an early-close day.
    public var minutes: Int { Int(close.timeIntervalSince(open)) / 60 }

    /// Whether an instant falls inside the session: open <= instant < close.
    public func contains(_ instant: Date) -> Bool {
        instant >= open && instant < close
    }
}
