import Foundation

/// The session date of the latest instant seen, and the instants that session spans (from 16:00
/// New York the day before to 16:00 on the day), so that most ticks skip the calendar.
struct SessionClock: Sendable {
    /// The session of the latest instant given to `update`; nil before any.
    private(set) var session: MarketDate?
    private var span: Range<Date>?

    /// Moves to the session of `time` and returns it.
    @discardableResult
    mutating func update(_ time: Date) -> MarketDate {
        if let span, let session, span.contains(time) { return session }
        let date = NewYorkTime.sessionDate(of: time)
        session = date
        span = NewYorkTime.date(of: date.adding(days: -1), hour: 16)..<NewYorkTime.date(of: date, hour: 16)
        return date
    }
}
