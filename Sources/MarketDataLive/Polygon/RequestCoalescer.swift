import MarketData
import Synchronization

/// Runs one operation per key at a time: callers that ask for a key already in flight wait
/// for that operation and share its result.
actor RequestCoalescer {
    private var inFlight: [String: any Sendable] = [:]
    /// How many callers have joined an operation already in flight (for tests and logs).
    private(set) var joinCount = 0

    /// The result of `operation` for `key`, run once however many callers ask at the same time.
    ///
    /// The operation runs in its own task, so a caller that is cancelled does not cancel it
    /// for the others. A cancelled caller stops waiting at once, though, with
    /// `MarketDataError.unavailable`: a request handler cut short by a shutdown past its
    /// deadline must not be held by a source that is slow, retrying or rate limited. Every
    /// caller of one key must expect the same result type.
    func run<Value: Sendable>(
        key: String,
        _ operation: @escaping @Sendable () async -> Result<Value, MarketDataError>
    ) async -> Result<Value, MarketDataError> {
        let task: Task<Result<Value, MarketDataError>, Never>
        if let existing = inFlight[key] as? Task<Result<Value, MarketDataError>, Never> {
            joinCount += 1
            task = existing
        } else {
            // The task leaves the map itself once done, whether or not anyone still waits.
            task = Task {
                let result = await operation()
                await self.finished(key)
                return result
            }
            inFlight[key] = task
        }
        return await Self.value(of: task)
    }

    private func finished(_ key: String) {
        inFlight[key] = nil
    }

    /// `task`'s result, or `.unavailable` as soon as the calling task is cancelled.
    private static func value<Value: Sendable>(
        of task: Task<Result<Value, MarketDataError>, Never>
    ) async -> Result<Value, MarketDataError> {
        let answer = OneAnswer<Result<Value, MarketDataError>>()
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
