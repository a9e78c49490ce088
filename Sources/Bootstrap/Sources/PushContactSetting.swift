import PushDelivery
import WebPush

/// `BOURSE_PUSH_CONTACT`: the VAPID contact (`sub`) push services may reach the owner at, a
/// `mailto:` address or an `https:` URL (RFC 8292). Unset, it is `PushSender.defaultContact`.
/// Anything else stops `bourse serve` at start (exit 64, as docs/notifications.md says) rather
/// than every push failing later.
public enum PushContactSetting {
    public static let variable = "BOURSE_PUSH_CONTACT"

    /// The contact `environment` sets, or the default.
    public static func read(_ environment: [String: String]) throws(CommandFailure) -> String {
        let contact = environment[variable] ?? PushSender.defaultContact
        guard VAPID.isSubject(contact) else {
            throw CommandFailure(
                message: "\(variable) must be a mailto: address or an https: URL (the push services' contact)",
                exitCode: 64)
        }
        return contact
    }
}
