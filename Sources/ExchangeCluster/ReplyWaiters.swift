import BourseCore
import Synchronization

/// The requests this instance posted and waits on, woken when the desk's answer is signalled
/// (or when signals may have been missed, to read the inbox again).
final class ReplyWaiters: Sendable {
    private struct Waiter {
        /// Woken while nobody waited: the next wait returns at once.
        var woken = false
        var continuation: CheckedContinuation<Void, Never>?
    }

    private let waiters = Mutex<[DeskTicket: Waiter]>([:])

    func register(_ ticket: DeskTicket) {
        waiters.withLock { $0[ticket] = Waiter() }
    }

    func remove(_ ticket: DeskTicket) {
        waiters.withLock { $0.removeValue(forKey: ticket) }?.continuation?.resume()
    }

    /// Wakes `ticket`'s poster.
    func wake(_ ticket: DeskTicket) {
        let continuation: CheckedContinuation<Void, Never>? = waiters.withLock { waiters in
            guard var waiter = waiters[ticket] else { return nil }
            defer { waiters[ticket] = waiter }
            guard let continuation = waiter.continuation else {
                waiter.woken = true
                return nil
            }
            waiter.continuation = nil
            return continuation
        }
        continuation?.resume()
    }

    /// Wakes every poster (signals were missed: each reads its answer again).
    func wakeAll() {
        for ticket in waiters.withLock({ Array($0.keys) }) { wake(ticket) }
    }

    /// Returns when `ticket` is woken, or after `timeout`.
    func wait(_ ticket: DeskTicket, timeout: Duration) async {
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.wake(ticket)
        }
        defer { timer.cancel() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = waiters.withLock { waiters in
                guard var waiter = waiters[ticket], !waiter.woken else {
                    waiters[ticket]?.woken = false
                    return true
                }
                waiter.continuation = continuation
                waiters[ticket] = waiter
                return false
            }
            if now { continuation.resume() }
        }
    }
}
