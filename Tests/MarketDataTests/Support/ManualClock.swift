import MarketData
import MarketDataLive
import Synchronization

/// A `SleepingClock` that moves only when told, recording every sleep asked of it.
///
/// With `autoAdvance`, a sleep returns at once after moving time to its deadline: the retry
/// tests use it to see the waits without waiting.
final class ManualClock: SleepingClock {
    private struct Sleeper {
        var deadline: Duration
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct Watcher {
        var count: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now: Duration = .zero
        var sleepers: [Sleeper] = []
        var watchers: [Watcher] = []
        var requested: [Duration] = []
    }

    private let state = Mutex(State())
    private let autoAdvance: Bool

    init(autoAdvance: Bool = false) {
        self.autoAdvance = autoAdvance
    }

    func now() -> Duration { state.withLock { $0.now } }

    /// Every sleep asked for, as the length from the time it was asked.
    var requestedSleeps: [Duration] { state.withLock { $0.requested } }

    /// The deadlines of the sleeps not yet over.
    var pendingDeadlines: [Duration] { state.withLock { $0.sleepers.map(\.deadline) } }

    func sleep(until deadline: Duration) async throws {
        let done: Bool = state.withLock { state in
            state.requested.append(deadline - state.now)
            if autoAdvance { state.now = max(state.now, deadline) }
            return deadline <= state.now
        }
        if done { return }
        await withCheckedContinuation { continuation in
            let ready: [Watcher] = state.withLock { state in
                if deadline <= state.now {
                    continuation.resume()
                    return []
                }
                state.sleepers.append(Sleeper(deadline: deadline, continuation: continuation))
                let count = state.sleepers.count
                let ready = state.watchers.filter { $0.count <= count }
                state.watchers.removeAll { $0.count <= count }
                return ready
            }
            for watcher in ready { watcher.continuation.resume() }
        }
    }

    /// Moves time on and wakes the sleepers whose deadline has come.
    func advance(by duration: Duration) {
        let woken: [Sleeper] = state.withLock { state in
            state.now += duration
            let now = state.now
            let woken = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return woken
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` sleepers are waiting (no polling, no real time).
    func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if state.sleepers.count >= count { return true }
                state.watchers.append(Watcher(count: count, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
