import MarketData
import Synchronization

/// A `ResponseCache` in memory that remembers every key looked up and stored.
final class RecordingCache: ResponseCache {
    private struct State {
        var entries: [String: CachedResponse] = [:]
        var lookups: [String] = []
        var stores: [String] = []
    }

    private let state = Mutex(State())

    var lookedUpKeys: [String] { state.withLock { $0.lookups } }
    var storedKeys: [String] { state.withLock { $0.stores } }
    var entries: [CachedResponse] { state.withLock { Array($0.entries.values) } }

    func cachedResponse(for key: String) async throws -> CachedResponse? {
        state.withLock { state in
            state.lookups.append(key)
            return state.entries[key]
        }
    }

    func store(_ response: CachedResponse) async throws {
        state.withLock { state in
            state.stores.append(response.key)
            state.entries[response.key] = response
        }
    }
}

/// A cache that never holds anything: every request must go to the network.
struct NoCache: ResponseCache {
    func cachedResponse(for key: String) async throws -> CachedResponse? { nil }
    func store(_ response: CachedResponse) async throws {}
}
