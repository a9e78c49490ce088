import BourseCore
import Foundation
import Networking
import WebPush

/// Sends one queued notice to one device: the payload encrypted for the subscription (RFC 8291),
/// the VAPID header signed for its push service (RFC 8292), `TTL` and `Urgency` (RFC 8030), and
/// what the push service answered, as a `PushOutcome`. Never to an address inside: the endpoint's
/// host, or every address its name resolves to now, must be public (`PushEndpointPolicy`).
public struct PushSender: Sendable {
    /// The default VAPID contact when `BOURSE_PUSH_CONTACT` is not set.
    public static let defaultContact = "mailto:bourse@localhost.invalid"
    /// How long each VAPID token holds (RFC 8292 allows 24 h at most).
    static let tokenLifetime: TimeInterval = 12 * 60 * 60

    private let transport: any HTTPPostTransport
    private let contact: String
    private let policy: PushEndpointPolicy
    private let resolver: any HostResolver
    private let now: @Sendable () -> Date

    /// - Parameter contact: the VAPID `sub`: a `mailto:` address or an `https:` URL.
    public init(
        transport: any HTTPPostTransport, contact: String = defaultContact, policy: PushEndpointPolicy = .publicOnly,
        resolver: any HostResolver = SystemHostResolver(), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.transport = transport
        self.contact = contact
        self.policy = policy
        self.resolver = resolver
        self.now = now
    }

    /// What became of `delivery` sent with `key`, and a few words for the log (never the
    /// endpoint's path: it identifies the device).
    public func send(_ delivery: PushDelivery, key: VAPIDKey) async -> (outcome: PushOutcome, detail: String) {
        let subscription: PushSubscription
        do {
            subscription = try PushSubscription(
                endpoint: delivery.subscriber.endpoint, p256dh: delivery.subscriber.p256dh, auth: delivery.subscriber.auth)
        } catch {
            // A stored subscription that no longer validates cannot be sent to: as good as gone.
            return (.gone, "the subscription cannot be used: \(error)")
        }
        if let refusal = await refusal(of: subscription.endpoint) { return refusal }
        let request: (headers: [String: String], body: [UInt8])
        do {
            request = try self.request(for: delivery.notice, to: subscription, key: key)
        } catch {
            // Sending again would fail the same way (no request left): dropped, and logged.
            return (.rejected(status: 0), "the message could not be made: \(error)")
        }
        do {
            let answer = try await transport.post(subscription.endpoint, headers: request.headers, body: request.body)
            return (
                PushOutcome.of(status: answer.status, retryAfter: answer.header("retry-after"), now: now()),
                "HTTP \(answer.status)"
            )
        } catch {
            return (.retry(retryAfter: nil), "no answer: \(error.message.prefix(200))")
        }
    }

    /// Why nothing may be sent to `endpoint`, as the outcome and the log's words; nil when it
    /// may. A literal address inside can never be sent to (gone: a subscription kept from before
    /// the rule, or from a server that allowed it); a name that resolves inside now is not sent
    /// this time (rejected), and one that cannot be resolved now is tried again later.
    func refusal(of endpoint: URL) async -> (outcome: PushOutcome, detail: String)? {
        guard !policy.allowPrivate else { return nil }
        do {
            try policy.check(endpoint)
        } catch {
            return (.gone, "not sent: \(error)")
        }
        guard let host = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)?.host,
            IPAddress(host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))) == nil
        else { return nil }
        let addresses: [IPAddress]
        do {
            addresses = try await resolver.addresses(of: host)
        } catch {
            return (.retry(retryAfter: nil), "not sent: \(host.prefix(100)) could not be resolved (\(error))")
        }
        let named = host.prefix(100)  // the log's words, not a 2 KB name
        guard !addresses.isEmpty else { return (.rejected(status: 0), "not sent: \(named) has no address") }
        do {
            try policy.check(resolved: addresses, of: host)
        } catch {
            let list = addresses.map(\.description).joined(separator: ", ")
            return (.rejected(status: 0), "not sent: \(named) resolves to an address inside (\(list))")
        }
        return nil
    }

    /// The POST's headers and body for `notice` to `subscription`.
    func request(
        for notice: Notice, to subscription: PushSubscription, key: VAPIDKey
    ) throws(WebPushError)
        -> (headers: [String: String], body: [UInt8])
    {
        let encrypted = try PushEncryption.encrypt(payload: PushPayload.json(notice), for: subscription)
        let time = now()
        let authorization = try VAPID.authorization(
            for: subscription.origin, subject: contact, expiresAt: time.addingTimeInterval(Self.tokenLifetime), now: time,
            key: key)
        let headers = [
            "Authorization": authorization,
            "Content-Encoding": EncryptedPush.contentEncoding,
            "Content-Type": "application/octet-stream",
            "TTL": String(notice.kind.timeToLive),
            "Urgency": notice.kind.urgency,
        ]
        return (headers, encrypted.body)
    }
}
