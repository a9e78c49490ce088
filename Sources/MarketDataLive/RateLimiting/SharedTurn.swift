import BourseCore
import Foundation
import Logging
import MarketData

/// The turn a request takes in the sends every instance on one database counts (`SendLedger`,
/// SPEC §15), after its own instance's limiter let it go: across all instances never more than
/// the source's limit in any window, and background work still leaves people their reserved slots.
struct SharedTurn: Sendable {
    let ledger: any SendLedger
    /// Which source's sends: its address (instances of one deployment share one key).
    let source: String
    let limit: Int
    let reservedForPeople: Int
    let window: Duration
    let clock: any SleepingClock
    /// The real time at `anchorReading` of `clock`: the ledger counts real time, whatever hour the
    /// app's own clock shows (`BOURSE_CLOCK`, which may even stand still).
    let anchor: Date
    let anchorReading: Duration
    let logger: Logger

    /// Now in real time, as `clock` has moved since the anchor.
    func now() -> Date {
        let moved = clock.now() - anchorReading
        return anchor.addingTimeInterval(Double(moved.components.seconds) + Double(moved.components.attoseconds) / 1e18)
    }

    /// What the ledger said of a request.
    enum Turn: Sendable {
        /// Send it; `taken` is when the turn was taken (to `settle`), or nil when the ledger
        /// cannot be read (this instance then counts alone, and says so) or the wait was cancelled.
        case taken(Date?)
        /// Another instance sent the same request (`key`) moments ago: wait for its saved answer.
        case sentElsewhere
    }

    /// Waits until the ledger gives this request a send, or says another instance sent the same
    /// request (`key`, when given) moments ago.
    func take(priority: SourceCaller.Priority, key: String?) async -> Turn {
        let capacity = priority == .interactive ? limit : limit - reservedForPeople
        let seconds = Double(window.components.seconds) + Double(window.components.attoseconds) / 1e18
        while !Task.isCancelled {
            let at = now()
            let freeAt: Date
            do {
                switch try await ledger.take(source: source, key: key, capacity: capacity, window: seconds, at: at) {
                case .granted: return .taken(at)
                case .sentElsewhere: return .sentElsewhere
                case .freeAt(let next): freeAt = next
                }
            } catch {
                logger.warning(
                    "the sends every instance shares could not be counted: this one counts its own alone",
                    metadata: ["reason": "\(error)"])
                return .taken(nil)
            }
            // Another instance's send holds the slot: until it leaves the window (at least 50 ms).
            let wait = max(0.05, freeAt.timeIntervalSince(at))
            try? await clock.sleep(until: clock.now() + .milliseconds(Int((wait * 1000).rounded(.up))))
        }
        return .taken(nil)
    }

    /// Moves the send taken at `taken` to now: its answer came.
    func settle(taken: Date?) async {
        guard let taken else { return }
        do {
            try await ledger.settle(source: source, taken: taken, at: now())
        } catch {
            logger.warning("the sends every instance shares could not be updated", metadata: ["reason": "\(error)"])
        }
    }
}
