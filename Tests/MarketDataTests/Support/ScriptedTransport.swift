import Foundation
import MarketData
import MarketDataLive
import Networking
import Synchronization

/// An `HTTPTransport` that answers from a list and counts what it was sent, without a network.
///
/// While `hold()` is in force, calls wait until `release()`: the coalescing tests use it to keep
/// a request in flight while other callers arrive.
final class ScriptedTransport: HTTPTransport {
    enum Step: Sendable {
        case respond(TransportResponse)
        case fail(String)
    }

    struct Call: Sendable {
        var url: URL
        var headers: [String: String]
    }

    private struct State {
        var steps: [Step]
        var calls: [Call] = []
        var held = false
        var waiting: [CheckedContinuation<Void, Never>] = []
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    /// Answers with `steps` in order; the last one repeats.
    init(_ steps: [Step]) {
        state = Mutex(State(steps: steps))
    }

    /// Answers every call with `body` and status 200.
    convenience init(body: [UInt8]) {
        self.init([.respond(TransportResponse(status: 200, body: body))])
    }

    var calls: [Call] { state.withLock { $0.calls } }

    func hold() { state.withLock { $0.held = true } }

    func release() {
        let waiting = state.withLock { state in
            state.held = false
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once at least `count` calls have arrived (no polling, no real time).
    func waitForCalls(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if state.calls.count >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    func get(_ url: URL, headers: [String: String]) async throws(TransportError) -> TransportResponse {
        await withCheckedContinuation { continuation in
            let (proceed, ready) = state.withLock { state in
                state.calls.append(Call(url: url, headers: headers))
                if state.held { state.waiting.append(continuation) }
                let count = state.calls.count
                let ready = state.watchers.filter { $0.count <= count }.map(\.continuation)
                state.watchers.removeAll { $0.count <= count }
                return (!state.held, ready)
            }
            for watcher in ready { watcher.resume() }
            if proceed { continuation.resume() }
        }
        let step = state.withLock { state in
            state.steps.count > 1 ? state.steps.removeFirst() : state.steps[0]
        }
        switch step {
        case .respond(let response): return response
        case .fail(let message): throw TransportError(message)
        }
    }
}
