import Foundation

/// When a message the push service did not take is tried again: when the service's
/// `Retry-After` says (1 s at the least), else 10 s after the first failure and three times
/// longer after each next one, up to an hour; never past the message's time to live (then it is
/// dropped).
public enum PushBackoff {
    public static let firstDelay: TimeInterval = 10
    public static let longestDelay: TimeInterval = 60 * 60
    /// Attempts in all, the first included.
    public static let maximumAttempts = 10

    /// When to try again after failed attempt number `attempts` (1 = the first failed), or nil
    /// to give up: too many attempts, or a time past `expiresAt`.
    public static func nextAttempt(after attempts: Int, retryAfter: TimeInterval?, now: Date, expiresAt: Date) -> Date? {
        guard attempts < maximumAttempts else { return nil }
        let exponent = Double(max(0, attempts - 1))
        let backoff = min(longestDelay, firstDelay * pow(3, exponent))
        let delay = retryAfter.map { max(1, $0) } ?? backoff
        let next = now.addingTimeInterval(delay)
        return next < expiresAt ? next : nil
    }
}
