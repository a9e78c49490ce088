import Crypto
import Foundation

/// The application server's VAPID key (RFC 8292 §3.2): a P-256 signing key, made once and kept.
///
/// The database keeps ``rawRepresentationBase64URL`` (the 32-byte private scalar); the browser
/// is given ``publicKeyBase64URL`` as its `applicationServerKey`.
public struct VAPIDKey: Sendable, CustomStringConvertible {
    /// The 32-byte private scalar.
    public let rawRepresentation: [UInt8]
    /// The public key as the 65-byte uncompressed point (`0x04 || x || y`).
    public let publicKey: [UInt8]

    /// A new key from the system's cryptographic generator.
    public static func generate() -> VAPIDKey {
        let key = P256.Signing.PrivateKey()
        return VAPIDKey(
            rawRepresentation: [UInt8](key.rawRepresentation), publicKey: [UInt8](key.publicKey.x963Representation))
    }

    private init(rawRepresentation: [UInt8], publicKey: [UInt8]) {
        self.rawRepresentation = rawRepresentation
        self.publicKey = publicKey
    }

    /// The key whose private scalar is `rawRepresentation` (32 bytes, not zero, below the group's order).
    public init(rawRepresentation: [UInt8]) throws(WebPushError) {
        guard rawRepresentation.count == 32,
            let key = try? P256.Signing.PrivateKey(rawRepresentation: rawRepresentation)
        else { throw .invalidPrivateKey }
        self.init(rawRepresentation: rawRepresentation, publicKey: [UInt8](key.publicKey.x963Representation))
    }

    /// The signing key (swift-crypto's keys are not `Sendable`, so the bytes are what is kept).
    var signingKey: P256.Signing.PrivateKey {
        // The bytes were accepted by this very initializer when the value was made.
        try! P256.Signing.PrivateKey(rawRepresentation: rawRepresentation)
    }

    /// The key whose private scalar is the base64url `text` (what ``rawRepresentationBase64URL`` gave).
    public init(rawRepresentationBase64URL text: String) throws(WebPushError) {
        guard let bytes = Base64URL.decode(text) else { throw .invalidBase64URL(field: "VAPID private key") }
        try self.init(rawRepresentation: bytes)
    }

    /// The 32-byte private scalar in base64url, unpadded: what the database stores.
    public var rawRepresentationBase64URL: String { Base64URL.encode(rawRepresentation) }

    /// The public key's uncompressed point in base64url, unpadded: the `k=` of the VAPID header,
    /// what `GET /api/v1/push/key` returns and the browser's `applicationServerKey`.
    public var publicKeyBase64URL: String { Base64URL.encode(publicKey) }

    /// The public key only: the private scalar never reaches a log.
    public var description: String { "VAPIDKey(public: \(publicKeyBase64URL))" }
}
