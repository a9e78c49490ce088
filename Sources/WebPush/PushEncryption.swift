import Crypto
import Foundation

/// Encrypts a push message's payload for one subscription: RFC 8291 (Message Encryption for Web
/// Push) with the `aes128gcm` content coding of RFC 8188, in one record.
public enum PushEncryption {
    /// The record size written in the header (RFC 8291 §4: 4096 octets at most).
    public static let recordSize: UInt32 = 4096
    /// The largest payload a push message may carry: 4096 less the 86-byte header, the 16-byte
    /// tag and the padding delimiter (RFC 8291 §4).
    public static let maximumPayloadSize = 3993

    /// `payload` encrypted for `subscription` with a fresh ephemeral ECDH key and a random salt.
    public static func encrypt(payload: [UInt8], for subscription: PushSubscription) throws(WebPushError) -> EncryptedPush {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return try encrypt(
            payload: payload, userAgentPublicKey: subscription.userAgentPublicKey,
            authSecret: subscription.authSecret, serverKey: P256.KeyAgreement.PrivateKey(), salt: salt)
    }

    /// `payload` encrypted with the given ephemeral key and salt: for RFC 8291 Appendix A's
    /// test vector. Never reuse a key or salt for a real message.
    package static func encrypt(
        payload: [UInt8], userAgentPublicKey: [UInt8], authSecret: [UInt8],
        serverKey: P256.KeyAgreement.PrivateKey, salt: [UInt8]
    ) throws(WebPushError) -> EncryptedPush {
        guard payload.count <= maximumPayloadSize else {
            throw .payloadTooLarge(byteCount: payload.count, limit: maximumPayloadSize)
        }
        guard salt.count == 16 else { throw .invalidSalt }
        let keys = try PushContentKeys(
            serverKey: serverKey, userAgentPublicKey: userAgentPublicKey, authSecret: authSecret, salt: salt)
        // The last (only) record's plaintext ends with the delimiter 0x02 and no padding (RFC 8188 §2).
        let record = payload + [0x02]
        let sealed: AES.GCM.SealedBox
        do {
            sealed = try AES.GCM.seal(
                record, using: SymmetricKey(data: keys.contentEncryptionKey), nonce: AES.GCM.Nonce(data: keys.nonce))
        } catch {
            throw .cryptographyFailed("\(error)")
        }
        let serverPublicKey = [UInt8](serverKey.publicKey.x963Representation)
        var body: [UInt8] = []
        body.reserveCapacity(86 + record.count + 16)
        body += salt
        body += withUnsafeBytes(of: recordSize.bigEndian) { [UInt8]($0) }
        body.append(UInt8(serverPublicKey.count))
        body += serverPublicKey
        body += sealed.ciphertext
        body += sealed.tag
        return EncryptedPush(body: body, salt: salt, serverPublicKey: serverPublicKey)
    }
}
