import WebPush

/// `BOURSE_PUSH_ALLOW_PRIVATE`: `1` lets push subscriptions name loopback and private
/// addresses, and `http` on loopback (tests, a home network's own push relay); unset or `0`,
/// pushes go to public `https` endpoints only (SPEC §14, docs/notifications.md). Anything else
/// stops `bourse serve` at start (exit 64).
public enum PushEndpointSetting {
    public static let variable = "BOURSE_PUSH_ALLOW_PRIVATE"

    public static func read(_ environment: [String: String]) throws(CommandFailure) -> PushEndpointPolicy {
        switch environment[variable] {
        case nil, "", "0": return .publicOnly
        case "1": return PushEndpointPolicy(allowPrivate: true)
        case let other?:
            throw CommandFailure(message: "\(variable) must be 1 or 0, got \"\(other.prefix(20))\"", exitCode: 64)
        }
    }
}
