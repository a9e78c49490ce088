import Foundation

/// What a push service's answer means for the message and the subscription (RFC 8030 §5,
/// SPEC.md §11).
public enum PushOutcome: Hashable, Sendable {
    /// 200, 201, 202: the push service took the message.
    case delivered
    /// 404 or 410: the subscription is gone; delete it and what is queued for it.
    case gone
    /// 429, 5xx, or no answer: try again later, after `retryAfter` seconds when the service said.
    case retry(retryAfter: TimeInterval?)
    /// Any other answer (400, 401, 403, 413, ...): sending again would get the same; dropped.
    case rejected(status: Int)

    /// The outcome of an answer with `status` and the `Retry-After` header `retryAfter`.
    public static func of(status: Int, retryAfter: String?, now: Date) -> PushOutcome {
        switch status {
        case 200, 201, 202: .delivered
        case 404, 410: .gone
        case 429, 500...599: .retry(retryAfter: retryAfter.flatMap { seconds(inRetryAfter: $0, now: now) })
        default: .rejected(status: status)
        }
    }

    /// The seconds a `Retry-After` value asks for (RFC 9110 §10.2.3): a number of seconds, or an
    /// HTTP date; nil for anything else.
    public static func seconds(inRetryAfter text: String, now: Date) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return TimeInterval(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
