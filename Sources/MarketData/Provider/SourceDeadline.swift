import Foundation

/// When the person a request is for stops waiting for the source, wherever the request waits:
/// in the rate limiter's queue, behind another caller's fetch of the same URL, or on the network.
///
/// `Market` sets it around each call when it has a deadline (`bourse serve`: 8 s), so a list that
/// needs several answers waits the deadline once, not once per answer. The source keeps fetching
/// past it, and saves what comes for the next ask. Unstructured tasks inherit it.
public enum SourceDeadline {
    /// The time past which the running task's caller no longer waits; nil: it waits.
    @TaskLocal public static var current: Date?

    /// Work no person waits for (the listings refresh, the start-up's prices): it has no deadline
    /// at all, neither a caller's nor the client's own, and waits as long as the source takes.
    @TaskLocal public static var waitsForTheSource = false

    /// `operation` with the deadline `date`, or the one already set when that is earlier.
    public static func within<Value: Sendable, Failure: Error>(
        _ date: Date?, _ operation: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let earliest = [current, date].compactMap { $0 }.min()
        let result: Result<Value, Failure> = await $current.withValue(earliest) {
            do throws(Failure) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// How long the caller may still wait at `now`: nil without a deadline, zero once it has passed.
    public static func remaining(at now: Date) -> Duration? {
        guard let current else { return nil }
        return .milliseconds(max(0, Int((current.timeIntervalSince(now) * 1000).rounded(.up))))
    }
}

/// Whether the running task may ask the source, or only read what is saved.
///
/// The pricer's fallback, looking back over older days for the last good prices when the source
/// fails, reads saved answers only: it must not spend a request a minute (the free tier's
/// budget) on each day it looks at.
public enum SourceAccess {
    @TaskLocal public static var savedOnly = false
}
