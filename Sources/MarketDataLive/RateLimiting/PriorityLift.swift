import MarketData
import Synchronization

/// The priority of one shared fetch, raised when a caller of higher priority joins it.
///
/// A background refresh may be waiting in the rate limiter's queue when a person asks for the
/// same URL; they share the fetch (`RequestCoalescer`), and the lift makes the limiter serve it
/// as the person's request instead of holding it behind the background's budget.
final class PriorityLift: Sendable {
    private let value: Mutex<SourceCaller.Priority>

    init(_ priority: SourceCaller.Priority) {
        value = Mutex(priority)
    }

    var priority: SourceCaller.Priority { value.withLock { $0 } }

    /// Raises the priority to `priority` if that is higher; true when it did.
    @discardableResult
    func raise(to priority: SourceCaller.Priority) -> Bool {
        value.withLock { current in
            guard priority > current else { return false }
            current = priority
            return true
        }
    }

    /// The lift of the shared fetch the running task belongs to, read by the limiter.
    @TaskLocal static var current: PriorityLift?
}
