import Foundation
import Synchronization

/// A wall clock that moves only when the test says: for cache time stamps, quotes' dates and
/// anything else a client or the app takes as `now`.
public final class TestNow: Sendable {
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = Mutex(start)
    }

    public var date: Date { current.withLock { $0 } }

    public func advance(seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    public func set(_ date: Date) {
        current.withLock { $0 = date }
    }

    /// The closure a client takes as `now`.
    public var closure: @Sendable () -> Date { { [self] in self.date } }
}
