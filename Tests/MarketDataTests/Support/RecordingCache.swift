import BourseCore
import MarketData
import MarketDataLive
import Synchronization

/// An `AnswerStore` in memory that remembers every key looked up and stored.
final class RecordingCache: AnswerStore {
    private struct State {
        var entries: [String: SavedAnswer] = [:]
        var lookups: [String] = []
        var dateLookups: [String] = []
        var stores: [String] = []
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    var lookedUpKeys: [String] { state.withLock { $0.lookups } }
    /// Keys whose dates only were asked for (`savedDates(for:)`), not the whole answer.
    var datesLookedUp: [String] { state.withLock { $0.dateLookups } }
    var storedKeys: [String] { state.withLock { $0.stores } }
    var entries: [SavedAnswer] { state.withLock { Array($0.entries.values) } }

    /// Returns once `count` answers have been stored, however long the store behind a refresh takes.
    func waitForStores(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if state.stores.count >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    func answer(for key: String) async throws -> SavedAnswer? {
        state.withLock { state in
            state.lookups.append(key)
            return state.entries[key]
        }
    }

    func savedDates(for key: String) async throws -> SavedDates? {
        state.withLock { state in
            state.dateLookups.append(key)
            return state.entries[key].map { SavedDates(fetchedAt: $0.fetchedAt, freshUntil: $0.freshUntil) }
        }
    }

    func save(_ answer: SavedAnswer) async throws {
        let waiting = state.withLock { state in
            state.stores.append(answer.key)
            state.entries[answer.key] = answer
            let stored = state.stores.count
            let done = state.watchers.filter { $0.count <= stored }.map(\.continuation)
            state.watchers.removeAll { $0.count <= stored }
            return done
        }
        for continuation in waiting { continuation.resume() }
    }
}

/// A cache that never holds anything: every request must go to the network.
struct NoCache: AnswerStore {
    func answer(for key: String) async throws -> SavedAnswer? { nil }
    func save(_ answer: SavedAnswer) async throws {}
}
