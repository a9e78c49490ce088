/// Why a Web Push key, subscription, message or VAPID header could not be made.
public enum WebPushError: Error, Equatable, Sendable {
    /// A field was not base64url text (with or without `=` padding).
    case invalidBase64URL(field: String)
    /// The VAPID private key was not a 32-byte P-256 scalar.
    case invalidPrivateKey
    /// The subscription's JSON was not `PushSubscription.toJSON()`'s shape, or was larger than
    /// ``PushSubscription/maximumJSONSize`` bytes.
    case invalidSubscriptionJSON
    /// The endpoint was not an absolute URL with a host, or was longer than
    /// ``PushSubscription/maximumEndpointLength``, or carried a user name or password.
    case invalidEndpoint
    /// The endpoint's scheme was neither `https` nor `http` on a loopback host.
    case insecureEndpoint
    /// The endpoint's host is, or resolves to, a loopback, private, link-local or unspecified
    /// address (`PushEndpointPolicy`).
    case privateEndpoint(host: String)
    /// The endpoint's host name resolved to no address.
    case unresolvedEndpoint(host: String)
    /// The subscription's `p256dh` was not a 65-byte uncompressed point on P-256.
    case invalidP256DH
    /// The subscription's `auth` was not 16 bytes.
    case invalidAuthSecret(byteCount: Int)
    /// The payload does not fit in the single 4096-byte record a push message may hold.
    case payloadTooLarge(byteCount: Int, limit: Int)
    /// The salt given for encryption was not 16 bytes.
    case invalidSalt
    /// The VAPID audience was not an origin (`https://host[:port]`, no path).
    case invalidAudience
    /// The VAPID subject was not a `mailto:` address or an `https:` URL.
    case invalidSubject
    /// The VAPID expiry was not after `now`, or more than 24 hours after it (RFC 8292 §2).
    case invalidExpiry
    /// The cryptographic library refused an operation it should not refuse (its message).
    case cryptographyFailed(String)
}
