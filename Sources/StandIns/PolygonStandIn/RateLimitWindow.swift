import Foundation
import Synchronization

/// A sliding 60-second window of accepted requests: at most `limit` in any 60 seconds.
final class RateLimitWindow: Sendable {
    let limit: Int
    private let accepted = Mutex<[Date]>([])

    init(limit: Int) {
        precondition(limit > 0, "a rate limit must allow at least one request a minute")
        self.limit = limit
    }

    /// Records a request at `now` and returns true if the window has room; refused requests are not recorded.
    func admit(at now: Date) -> Bool {
        accepted.withLock { times in
            let horizon = now.addingTimeInterval(-60)
            times.removeAll { $0 <= horizon }
            guard times.count < limit else { return false }
            times.append(now)
            return true
        }
    }
}
