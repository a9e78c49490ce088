import Foundation

/// The sends to a rate-limited source that every instance on one database shares (SPEC §15): the
/// source's budget (5 a minute on Massive's free tier) is one for all of them. Each instance's own
/// limiter still orders its callers (people first); this ledger is the count they all take from.
public protocol SendLedger: Sendable {
    /// Takes a send to `source` at `now` when fewer than `capacity` of its sends are within
    /// `window` before `now`, and returns nil; else takes nothing and returns when the next one
    /// leaves the window.
    func take(source: String, capacity: Int, window: TimeInterval, at now: Date) async throws -> Date?
    /// Moves the send taken at `taken` to `now`: its answer has come, and the source counted it
    /// when the request arrived, which may be later than the turn was taken.
    func settle(source: String, taken: Date, at now: Date) async throws
}
