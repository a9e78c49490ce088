import Foundation

/// A trading session cut into equal slots, one per intraday bar (09:30-16:00 in 5-minute bars
/// is 78 slots; an early close, 42): the time axis of a 1D chart, so a session in progress
/// takes its place in the whole day instead of being stretched over the width.
public struct SessionSlots: Sendable, Equatable {
    public let session: TradingSession
    /// The length of one slot (one bar), in minutes.
    public let minutes: Int

    public init(session: TradingSession, minutes: Int) {
        self.session = session
        self.minutes = max(minutes, 1)
    }

    /// How many slots the session holds (a part slot at the end counts).
    public var count: Int { (session.minutes + minutes - 1) / minutes }

    /// The slot an instant falls in, or nil outside the session.
    public func slot(of instant: Date) -> Int? {
        guard session.contains(instant) else { return nil }
        return Int(instant.timeIntervalSince(session.open)) / (minutes * 60)
    }

    /// When slot `index` starts.
    public func start(of index: Int) -> Date {
        session.open.addingTimeInterval(Double(index * minutes * 60))
    }

    /// The bars of `bars` inside the session (extended-hours bars are left out), oldest first.
    public func barsInSession(_ bars: [Bar]) -> [Bar] {
        bars.filter { session.contains($0.start) }
    }
}
