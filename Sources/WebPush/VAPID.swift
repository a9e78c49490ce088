import Crypto
import Foundation

/// Voluntary Application Server Identification (RFC 8292): the `Authorization` header that
/// proves to a push service that a message comes from the holder of the VAPID key the browser
/// subscribed with.
public enum VAPID {
    /// The longest an `exp` may be after the time of the request (RFC 8292 §2).
    public static let maximumLifetime: TimeInterval = 24 * 60 * 60
    /// The JWT's header: always ES256 (RFC 8292 §2).
    static let header = #"{"typ":"JWT","alg":"ES256"}"#

    /// The `Authorization` header's value for a message to a push service at `audience`:
    /// `vapid t=<JWT>, k=<public key>` (RFC 8292 §3).
    ///
    /// - Parameters:
    ///   - audience: the push service's origin (``PushSubscription/origin``), the JWT's `aud`.
    ///   - subject: a `mailto:` address or `https:` URL to contact the sender at, the `sub`.
    ///   - expiresAt: the token's `exp` (whole seconds): after `now`, 24 hours after it at most.
    ///   - now: the time of the request.
    ///   - key: the application server's VAPID key.
    public static func authorization(
        for audience: String, subject: String, expiresAt: Date, now: Date = Date(), key: VAPIDKey
    ) throws(WebPushError) -> String {
        let token = try jwt(for: audience, subject: subject, expiresAt: expiresAt, now: now, key: key)
        return "vapid t=\(token), k=\(key.publicKeyBase64URL)"
    }

    /// The signed JWT (`header.claims.signature`, each base64url) of ``authorization(for:subject:expiresAt:now:key:)``.
    public static func jwt(
        for audience: String, subject: String, expiresAt: Date, now: Date = Date(), key: VAPIDKey
    ) throws(WebPushError) -> String {
        guard isOrigin(audience) else { throw .invalidAudience }
        guard isSubject(subject) else { throw .invalidSubject }
        let expiry = expiresAt.timeIntervalSince1970.rounded(.down)
        guard expiry > now.timeIntervalSince1970, expiresAt.timeIntervalSince(now) <= maximumLifetime else {
            throw .invalidExpiry
        }
        let claims: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            claims = try encoder.encode(Claims(aud: audience, exp: Int64(expiry), sub: subject))
        } catch {
            throw .cryptographyFailed("\(error)")
        }
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(claims)
        let signature: P256.Signing.ECDSASignature
        do {
            signature = try key.signingKey.signature(for: Data(signingInput.utf8))
        } catch {
            throw .cryptographyFailed("\(error)")
        }
        // JOSE's ES256 signature is r || s, 32 bytes each (RFC 7518 §3.4), not DER.
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }

    /// Whether `text` is an origin: `https` (or `http`), a host, perhaps a port, nothing else.
    static func isOrigin(_ text: String) -> Bool {
        guard let url = URL(string: text), let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            components.path.isEmpty, components.query == nil, components.fragment == nil,
            components.user == nil, components.password == nil
        else { return false }
        return PushSubscription.origin(of: url) != nil
    }

    /// Whether `text` is a `mailto:` address (something@host) or an `https:` URL with a host,
    /// with no space or control character (RFC 8292 §2.1).
    public static func isSubject(_ text: String) -> Bool {
        guard text.utf8.count <= 512,
            !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { return false }
        if text.lowercased().hasPrefix("mailto:") {
            let address = text.dropFirst("mailto:".count)
            guard let at = address.lastIndex(of: "@") else { return false }
            let local = address[..<at]
            let domain = address[address.index(after: at)...]
            return !local.isEmpty && !domain.isEmpty && !domain.contains("@")
        }
        guard text.lowercased().hasPrefix("https:"), let url = URL(string: text),
            let host = URLComponents(url: url, resolvingAgainstBaseURL: false)?.host
        else { return false }
        return !host.isEmpty
    }
}

/// The JWT's claims (RFC 8292 §2), encoded with sorted keys.
private struct Claims: Encodable {
    let aud: String
    let exp: Int64
    let sub: String
}
