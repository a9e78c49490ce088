import Foundation
import Networking
import Synchronization

/// An `HTTPTransport` that answers each URL from `route` and records every URL asked, without a
/// network; requests whose path starts with a held prefix wait until `release()`.
final class RoutedTransport: HTTPTransport {
    private struct State {
        var calls: [URL] = []
        var heldPrefix: String?
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    private let route: @Sendable (URL) -> TransportResponse

    init(route: @escaping @Sendable (URL) -> TransportResponse) {
        self.route = route
    }

    /// Every URL asked for, in order.
    var calls: [URL] { state.withLock { $0.calls } }

    /// The paths asked for more than once.
    var repeatedPaths: [String] {
        let paths = calls.map(\.path)
        return Set(paths.filter { path in paths.count(where: { $0 == path }) > 1 }).sorted()
    }

    /// Holds every request whose path starts with `prefix` until `release()`.
    func hold(pathsStartingWith prefix: String) { state.withLock { $0.heldPrefix = prefix } }

    func release() {
        let waiting = state.withLock { state in
            state.heldPrefix = nil
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func get(_ url: URL, headers: [String: String]) async throws(TransportError) -> TransportResponse {
        await withCheckedContinuation { continuation in
            let held = state.withLock { state in
                state.calls.append(url)
                guard let prefix = state.heldPrefix, url.path.hasPrefix(prefix) else { return false }
                state.waiting.append(continuation)
                return true
            }
            if !held { continuation.resume() }
        }
        return route(url)
    }
}
