import Crypto
import Foundation

/// One browser's push subscription: where to send (the push service's endpoint) and the keys
/// that encrypt for it (RFC 8291 §2), as the browser's `PushSubscription.toJSON()` gives them.
public struct PushSubscription: Sendable, Equatable {
    /// The longest endpoint accepted, in UTF-8 bytes (push services' are a few hundred).
    public static let maximumEndpointLength = 2048
    /// The largest subscription JSON accepted, in bytes.
    public static let maximumJSONSize = 4096
    /// The hosts an `http` endpoint may name (for tests against a local push service).
    public static let loopbackHosts: Set<String> = ["127.0.0.1", "::1", "localhost"]

    /// The push service's URL for this subscription (RFC 8030 §5).
    public let endpoint: URL
    /// When the push service will drop the subscription, when the browser said.
    public let expirationTime: Date?
    /// The user agent's ECDH public key (`p256dh`): the 65-byte uncompressed P-256 point.
    public let userAgentPublicKey: [UInt8]
    /// The user agent's authentication secret (`auth`): 16 bytes.
    public let authSecret: [UInt8]

    /// A subscription from its parts as the browser gives them (`keys.p256dh` and `keys.auth`
    /// in base64url, padded or not), validated.
    public init(endpoint: String, p256dh: String, auth: String, expirationTime: Date? = nil) throws(WebPushError) {
        self.endpoint = try Self.validatedEndpoint(endpoint)
        guard let point = Base64URL.decode(p256dh) else { throw .invalidBase64URL(field: "p256dh") }
        guard point.count == 65, point[0] == 0x04,
            (try? P256.KeyAgreement.PublicKey(x963Representation: point)) != nil
        else { throw .invalidP256DH }
        guard let secret = Base64URL.decode(auth) else { throw .invalidBase64URL(field: "auth") }
        guard secret.count == 16 else { throw .invalidAuthSecret(byteCount: secret.count) }
        self.userAgentPublicKey = point
        self.authSecret = secret
        self.expirationTime = expirationTime
    }

    /// A subscription from the JSON of the browser's `PushSubscription.toJSON()`:
    /// `{"endpoint": "…", "expirationTime": null, "keys": {"p256dh": "…", "auth": "…"}}`.
    public init(json: some Collection<UInt8>) throws(WebPushError) {
        guard json.count <= Self.maximumJSONSize else { throw .invalidSubscriptionJSON }
        let decoded: SubscriptionJSON
        do {
            decoded = try JSONDecoder().decode(SubscriptionJSON.self, from: Data(json))
        } catch {
            throw .invalidSubscriptionJSON
        }
        let expiry = decoded.expirationTime.map { Date(timeIntervalSince1970: $0 / 1000) }
        try self.init(
            endpoint: decoded.endpoint, p256dh: decoded.keys.p256dh, auth: decoded.keys.auth, expirationTime: expiry)
    }

    /// `p256dh` in base64url, unpadded (what the database stores).
    public var p256dhBase64URL: String { Base64URL.encode(userAgentPublicKey) }

    /// `auth` in base64url, unpadded (what the database stores).
    public var authBase64URL: String { Base64URL.encode(authSecret) }

    /// The endpoint's origin, `scheme://host[:port]` (the port only when not the scheme's
    /// default): the `aud` of the VAPID token sent with it (RFC 8292 §2).
    public var origin: String { Self.origin(of: endpoint) ?? "" }

    /// `url`'s origin, lower case, with an IPv6 host in brackets; nil without a scheme or host.
    public static func origin(of url: URL) -> String? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), var host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        if let port = components.port, port != defaultPort { return "\(scheme)://\(host):\(port)" }
        return "\(scheme)://\(host)"
    }

    private static func validatedEndpoint(_ text: String) throws(WebPushError) -> URL {
        guard text.utf8.count <= maximumEndpointLength, let url = URL(string: text),
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased()
        else { throw .invalidEndpoint }
        guard scheme == "https" || scheme == "http" else { throw .insecureEndpoint }
        guard let host = components.host?.lowercased(), !host.isEmpty, components.user == nil, components.password == nil
        else { throw .invalidEndpoint }
        let bareHost = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        guard scheme == "https" || loopbackHosts.contains(bareHost) else { throw .insecureEndpoint }
        return url
    }
}

/// The shape of `PushSubscription.toJSON()`.
private struct SubscriptionJSON: Decodable {
    struct Keys: Decodable {
        let p256dh: String
        let auth: String
    }
    let endpoint: String
    /// Milliseconds since 1970, or null.
    let expirationTime: Double?
    let keys: Keys
}
