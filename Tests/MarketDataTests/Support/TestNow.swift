import Foundation
import MarketDataLive
import Synchronization

/// A wall clock for cache time stamps that moves only when told.
final class TestNow: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = Mutex(start)
    }

    var date: Date { current.withLock { $0 } }

    func advance(seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// The closure a client takes as `now`.
    var closure: @Sendable () -> Date { { [self] in self.date } }
}
