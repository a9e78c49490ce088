/// A push message's body, encrypted for one subscription: the request body of the POST to its
/// endpoint, sent with `Content-Encoding: aes128gcm` (RFC 8291 §4).
public struct EncryptedPush: Sendable, Equatable {
    /// The `Content-Encoding` the body must be sent with.
    public static let contentEncoding = "aes128gcm"

    /// The header (salt, record size, key id = the server's ephemeral public key) and the one
    /// encrypted record (RFC 8188 §2).
    public let body: [UInt8]
    /// The 16 random bytes this message's keys were derived with.
    public let salt: [UInt8]
    /// The ephemeral ECDH public key made for this message (65-byte uncompressed point).
    public let serverPublicKey: [UInt8]
}
