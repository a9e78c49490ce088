import Foundation
import Synchronization

/// Decoded answers kept in memory in front of the database (the hot cache): a fresh hit costs a
/// dictionary lookup instead of a SQLite read and a JSON decode. SQLite stays the durable copy
/// (restarts, offline) and the truth: an entry is used for at most `maximumAge` (10 s) before
/// the database is read again, so a change made there (another process, the command line) is
/// seen within that. Bounded: past `capacity` entries the least recently used half goes; only
/// fresh answers are served from here, a stale one is asked of the database as before.
final class DecodedAnswers: Sendable {
    private struct Entry: @unchecked Sendable {
        // `any Sendable` values, read back as the type they were stored as.
        let value: any Sendable
        let fetchedAt: Date
        let freshUntil: Date
        let keptUntil: ContinuousClock.Instant
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var tick: UInt64 = 0
    }

    let capacity: Int
    let maximumAge: Duration
    private let state = Mutex(State())

    init(capacity: Int = 512, maximumAge: Duration = .seconds(10)) {
        self.capacity = capacity
        self.maximumAge = maximumAge
    }

    /// The answer for `key` when it is in memory, of type `Value`, and fresh at `now`.
    func fresh<Value: Sendable>(_ key: String, as _: Value.Type, now: Date) -> (value: Value, fetchedAt: Date)? {
        state.withLock { state in
            guard var entry = state.entries[key], now < entry.freshUntil, ContinuousClock.now < entry.keptUntil,
                let value = entry.value as? Value
            else {
                return nil
            }
            state.tick += 1
            entry.lastUse = state.tick
            state.entries[key] = entry
            return (value, entry.fetchedAt)
        }
    }

    func keep<Value: Sendable>(_ value: Value, for key: String, fetchedAt: Date, freshUntil: Date) {
        state.withLock { state in
            state.tick += 1
            state.entries[key] = Entry(
                value: value, fetchedAt: fetchedAt, freshUntil: freshUntil, keptUntil: .now + maximumAge,
                lastUse: state.tick)
            guard state.entries.count > capacity else { return }
            let oldest = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(state.entries.count / 2)
            for (key, _) in oldest { state.entries[key] = nil }
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
