import BourseCore
import Foundation
import Synchronization

/// Decoded answers kept in memory in front of the database (the hot cache): a hit costs a
/// dictionary lookup instead of a SQLite read and a JSON decode. SQLite stays the durable copy
/// (restarts, offline) and the truth: an entry is used for at most `maximumAge` (10 s) before
/// the database is read again, so a change made there (another process, the command line) is
/// seen within that. Bounded: past `capacity` entries the least recently used half goes.
///
/// Past `maximumAge` an entry is checked, not read again: when the database still holds the
/// answer it was decoded from (the same `fetchedAt`), it is kept another `maximumAge`.
///
/// A stale answer is kept too, as the one to serve while the source fails: without it, every
/// request in an outage read and decoded it again (the whole market's snapshot, megabytes, many
/// times a second), which is what kept the heap growing in the hour-long soak.
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

    /// An answer in memory: its value and when it was fetched, and until when it is fresh.
    struct Kept<Value> {
        let value: Value
        let fetchedAt: Date
        let freshUntil: Date

        func isFresh(at now: Date) -> Bool { now < freshUntil }
    }

    /// The answer for `key` when it is in memory and of type `Value`, fresh or stale.
    func kept<Value: Sendable>(_ key: String, as _: Value.Type) -> Kept<Value>? {
        state.withLock { state in
            guard var entry = state.entries[key], ContinuousClock.now < entry.keptUntil,
                let value = entry.value as? Value
            else {
                return nil
            }
            state.tick += 1
            entry.lastUse = state.tick
            state.entries[key] = entry
            return Kept(value: value, fetchedAt: entry.fetchedAt, freshUntil: entry.freshUntil)
        }
    }

    /// Whether an entry for `key` is in memory, kept or past `maximumAge`.
    func holds(_ key: String) -> Bool {
        state.withLock { $0.entries[key] != nil }
    }

    /// The entry for `key`, kept another `maximumAge`, when it was decoded from the answer the
    /// database still holds (`dates.fetchedAt` the same), with the database's `freshUntil`; nil
    /// when there is no such entry of type `Value` (the answer must be read and decoded again).
    func renewed<Value: Sendable>(_ key: String, to dates: SavedDates, as _: Value.Type) -> Kept<Value>? {
        state.withLock { state in
            guard let entry = state.entries[key], entry.fetchedAt == dates.fetchedAt, let value = entry.value as? Value
            else { return nil }
            state.tick += 1
            state.entries[key] = Entry(
                value: entry.value, fetchedAt: entry.fetchedAt, freshUntil: dates.freshUntil,
                keptUntil: .now + maximumAge, lastUse: state.tick)
            return Kept(value: value, fetchedAt: entry.fetchedAt, freshUntil: dates.freshUntil)
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
