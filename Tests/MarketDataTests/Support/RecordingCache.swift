import BourseCore
import MarketData
import MarketDataLive
import Synchronization

/// An `AnswerStore` in memory that remembers every key looked up and stored.
final class RecordingCache: AnswerStore {
    private struct State {
        var entries: [String: SavedAnswer] = [:]
        var lookups: [String] = []
        var stores: [String] = []
    }

    private let state = Mutex(State())

    var lookedUpKeys: [String] { state.withLock { $0.lookups } }
    var storedKeys: [String] { state.withLock { $0.stores } }
    var entries: [SavedAnswer] { state.withLock { Array($0.entries.values) } }

    func answer(for key: String) async throws -> SavedAnswer? {
        state.withLock { state in
            state.lookups.append(key)
            return state.entries[key]
        }
    }

    func save(_ answer: SavedAnswer) async throws {
        state.withLock { state in
            state.stores.append(answer.key)
            state.entries[answer.key] = answer
        }
    }
}

/// A cache that never holds anything: every request must go to the network.
struct NoCache: AnswerStore {
    func answer(for key: String) async throws -> SavedAnswer? { nil }
    func save(_ answer: SavedAnswer) async throws {}
}
