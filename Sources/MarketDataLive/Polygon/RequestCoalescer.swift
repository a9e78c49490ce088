import MarketData
import Synchronization

/// Runs one operation per key at a time: callers that ask for a key already in flight wait
/// for that operation and share its result.
///
/// Each caller waits as long as it may (its deadline), not as long as the operation takes: the
/// operation goes on without it and its result serves the next caller, so no URL is fetched
/// twice while an answer to it is on its way.
actor RequestCoalescer {
    private struct Entry {
        let task: any Sendable
        let lift: PriorityLift
    }

    private var inFlight: [String: Entry] = [:]
    /// Told when a caller lifted a waiting operation's priority (the limiter looks again).
    private let lifted: @Sendable () async -> Void
    /// How many callers have joined an operation already in flight (for tests and logs).
    private(set) var joinCount = 0

    init(lifted: @escaping @Sendable () async -> Void = {}) {
        self.lifted = lifted
    }

    /// The result of `operation` for `key`, run once however many callers ask at the same time;
    /// nil when it has not ended within `patience` (measured on `clock`; nil patience: no limit).
    ///
    /// The operation runs in its own task, so a caller that stops waiting or is cancelled does
    /// not stop it for the others. A cancelled caller stops waiting at once, with
    /// `MarketDataError.unavailable`: a request handler cut short by a shutdown past its
    /// deadline must not be held by a source that is slow, retrying or rate limited. A caller
    /// that joins with a higher priority (`SourceCaller.current`) lifts the operation's. Every
    /// caller of one key must expect the same result type.
    func run<Value: Sendable>(
        key: String, patience: Duration? = nil, clock: any SleepingClock = SystemSleepingClock(),
        _ operation: @escaping @Sendable () async -> Result<Value, MarketDataError>
    ) async -> Result<Value, MarketDataError>? {
        let task: Task<Result<Value, MarketDataError>, Never>
        if let existing = inFlight[key], let shared = existing.task as? Task<Result<Value, MarketDataError>, Never> {
            joinCount += 1
            task = shared
            if existing.lift.raise(to: SourceCaller.current.priority) { await lifted() }
        } else {
            // The task leaves the map itself once done, whether or not anyone still waits.
            let lift = PriorityLift(SourceCaller.current.priority)
            task = Task {
                let result = await PriorityLift.$current.withValue(lift) { await operation() }
                await self.finished(key)
                return result
            }
            inFlight[key] = Entry(task: task, lift: lift)
        }
        return await Self.value(of: task, patience: patience, clock: clock)
    }

    private func finished(_ key: String) {
        inFlight[key] = nil
    }

    /// `task`'s result; nil once `patience` is over; `.unavailable` as soon as the calling task
    /// is cancelled.
    private static func value<Value: Sendable>(
        of task: Task<Result<Value, MarketDataError>, Never>, patience: Duration?, clock: any SleepingClock
    ) async -> Result<Value, MarketDataError>? {
        let answer = OneAnswer<Result<Value, MarketDataError>?>()
        let timer: Task<Void, Never>? = patience.map { patience in
            Task {
                try? await clock.sleep(for: patience)
                if !Task.isCancelled { answer.give(nil) }
            }
        }
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                answer.wait(with: continuation)
                Task { answer.give(await task.value) }
            }
        } onCancel: {
            answer.give(.failure(.unavailable("the request was cancelled (the app is stopping)")))
        }
    }
}

/// One continuation resumed exactly once, with the first answer given: before or after the
/// continuation is there.
final class OneAnswer<Value: Sendable>: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Value, Never>)
        case answered(Value)
        case done
    }

    private let state = Mutex<State>(.empty)

    func wait(with continuation: CheckedContinuation<Value, Never>) {
        let early: Value? = state.withLock { state in
            switch state {
            case .empty:
                state = .waiting(continuation)
                return nil
            case .answered(let value):
                state = .done
                return value
            case .waiting, .done:
                preconditionFailure("OneAnswer.wait called twice")
            }
        }
        if let early { continuation.resume(returning: early) }
    }

    func give(_ value: Value) {
        let waiting: CheckedContinuation<Value, Never>? = state.withLock { state in
            switch state {
            case .empty:
                state = .answered(value)
                return nil
            case .waiting(let continuation):
                state = .done
                return continuation
            case .answered, .done:
                return nil
            }
        }
        waiting?.resume(returning: value)
    }
}
