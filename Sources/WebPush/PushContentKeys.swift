import Crypto
import Foundation

/// The keys RFC 8291 §3.4 derives for one message, each step kept so that the tests can compare
/// them with the intermediate values of RFC 8291 Appendix A.
package struct PushContentKeys: Sendable, Equatable {
    /// ECDH(server's ephemeral private key, user agent's public key): the x coordinate, 32 bytes.
    package let ecdhSecret: [UInt8]
    /// HKDF(salt: auth_secret, ikm: ecdh_secret, info: "WebPush: info" || 0x00 || ua_public || as_public, 32).
    package let inputKeyingMaterial: [UInt8]
    /// HKDF-Extract(salt, IKM): the pseudorandom key of RFC 8188 §2.2.
    package let pseudorandomKey: [UInt8]
    /// The content-encryption key, 16 bytes (RFC 8188 §2.2).
    package let contentEncryptionKey: [UInt8]
    /// The nonce of the first (here only) record, 12 bytes (RFC 8188 §2.3).
    package let nonce: [UInt8]

    /// The keys for a message from `serverKey` to `userAgentPublicKey` with `authSecret` and `salt`.
    package init(
        serverKey: P256.KeyAgreement.PrivateKey, userAgentPublicKey: [UInt8], authSecret: [UInt8], salt: [UInt8]
    ) throws(WebPushError) {
        let shared: SharedSecret
        do {
            let peer = try P256.KeyAgreement.PublicKey(x963Representation: userAgentPublicKey)
            shared = try serverKey.sharedSecretFromKeyAgreement(with: peer)
        } catch {
            throw .invalidP256DH
        }
        ecdhSecret = shared.withUnsafeBytes { [UInt8]($0) }
        let keyInfo =
            Array("WebPush: info".utf8) + [0] + userAgentPublicKey + [UInt8](serverKey.publicKey.x963Representation)
        inputKeyingMaterial = Self.hkdf(salt: authSecret, inputKeyingMaterial: ecdhSecret, info: keyInfo, count: 32).expanded
        let cekInfo = Array("Content-Encoding: aes128gcm".utf8) + [0]
        let nonceInfo = Array("Content-Encoding: nonce".utf8) + [0]
        let content = Self.hkdf(salt: salt, inputKeyingMaterial: inputKeyingMaterial, info: cekInfo, count: 16)
        pseudorandomKey = content.extracted
        contentEncryptionKey = content.expanded
        nonce = Self.hkdf(salt: salt, inputKeyingMaterial: inputKeyingMaterial, info: nonceInfo, count: 12).expanded
    }

    /// HKDF-SHA-256 (RFC 5869): the extracted key and the first `count` bytes expanded from it.
    private static func hkdf(
        salt: [UInt8], inputKeyingMaterial: [UInt8], info: [UInt8], count: Int
    ) -> (extracted: [UInt8], expanded: [UInt8]) {
        let extracted = HKDF<SHA256>.extract(inputKeyMaterial: SymmetricKey(data: inputKeyingMaterial), salt: salt)
        let expanded = HKDF<SHA256>.expand(pseudoRandomKey: extracted, info: info, outputByteCount: count)
        return ([UInt8](Data(extracted)), expanded.withUnsafeBytes { [UInt8]($0) })
    }
}
