import Foundation

/// The sends to a rate-limited source that every instance on one database shares (SPEC §15): the
/// source's budget (5 a minute on Massive's free tier) is one for all of them. Each instance's own
/// limiter still orders its callers (people first); this ledger is the count they all take from.
public protocol SendLedger: Sendable {
    /// Takes a send to `source` at `now` when fewer than `capacity` of its sends are within
    /// `window` before `now` (`.granted`); else takes nothing and returns when the next one
    /// leaves the window (`.freeAt`).
    ///
    /// With a `key` (the request's URL without its key), when another send of that request was
    /// taken within `SendTurn.inFlight` before `now`, takes nothing and returns `.sentElsewhere`:
    /// another instance is fetching it, and its answer will be saved for all.
    func take(source: String, key: String?, capacity: Int, window: TimeInterval, at now: Date) async throws -> SendTurn
    /// Moves the send taken at `taken` to `now`: its answer has come, and the source counted it
    /// when the request arrived, which may be later than the turn was taken.
    func settle(source: String, taken: Date, at now: Date) async throws
}

/// A send's turn in the ledger.
public enum SendTurn: Sendable, Equatable {
    /// Taken: send now.
    case granted
    /// Not taken: the source's budget is spent until then.
    case freeAt(Date)
    /// Not taken: another instance sent the same request moments ago (SPEC §15: no URL fetched
    /// twice while fresh); its answer is on its way into the saved answers.
    case sentElsewhere

    /// How long another instance's send of a request keeps others from sending it.
    public static let inFlight: TimeInterval = 10
}

extension SendLedger {
    /// `take(source:key:capacity:window:at:)` without a key: nil when taken, else when the next
    /// send leaves the window.
    public func take(source: String, capacity: Int, window: TimeInterval, at now: Date) async throws -> Date? {
        switch try await take(source: source, key: nil, capacity: capacity, window: window, at: now) {
        case .granted, .sentElsewhere: nil
        case .freeAt(let date): date
        }
    }
}
