import Crypto
import Foundation
import Testing
import WebPush

/// The receiving side, for the tests: RFC 8188's `aes128gcm` decoding with a given input keying
/// material, and RFC 8291's, which derives it from the user agent's private key. Written apart
/// from the target's encryption (its own header parsing and key derivation), so that a round
/// trip checks one against the other.
enum PushDecryption {
    enum Failure: Error, Equatable {
        case truncated
        case badRecordSize
        case authenticationFailed
        case badPadding
        case badKeyID
    }

    /// The plaintext of an RFC 8291 message body, with the subscriber's keys.
    static func decrypt(
        body: [UInt8], userAgentPrivateKey: P256.KeyAgreement.PrivateKey, authSecret: [UInt8]
    ) throws -> [UInt8] {
        let header = try Header(body)
        guard header.keyID.count == 65 else { throw Failure.badKeyID }
        let serverPublicKey = try P256.KeyAgreement.PublicKey(x963Representation: header.keyID)
        let shared = try userAgentPrivateKey.sharedSecretFromKeyAgreement(with: serverPublicKey)
        let keyInfo =
            Array("WebPush: info".utf8) + [0] + [UInt8](userAgentPrivateKey.publicKey.x963Representation)
            + header.keyID
        let ikm = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        return try decrypt(body: body, inputKeyingMaterial: ikm.withUnsafeBytes { [UInt8]($0) })
    }

    /// The plaintext of an `aes128gcm` body (RFC 8188 §2), any number of records.
    static func decrypt(body: [UInt8], inputKeyingMaterial: [UInt8]) throws -> [UInt8] {
        let header = try Header(body)
        let ikm = SymmetricKey(data: inputKeyingMaterial)
        let cek = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: header.salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16)
        let baseNonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: header.salt, info: Array("Content-Encoding: nonce".utf8) + [0],
            outputByteCount: 12
        ).withUnsafeBytes { [UInt8]($0) }
        let records = Array(body[header.length...])
        guard !records.isEmpty else { throw Failure.truncated }
        var plaintext: [UInt8] = []
        var start = 0
        var sequence: UInt64 = 0
        while start < records.count {
            let end = min(start + header.recordSize, records.count)
            let record = Array(records[start..<end])
            guard record.count > 16 else { throw Failure.truncated }
            var nonce = baseNonce
            for index in 0..<8 { nonce[4 + index] ^= UInt8(truncatingIfNeeded: sequence >> (8 * (7 - UInt64(index)))) }
            let box = try AES.GCM.SealedBox(
                nonce: AES.GCM.Nonce(data: nonce), ciphertext: record.dropLast(16), tag: record.suffix(16))
            var opened: [UInt8]
            do {
                opened = [UInt8](try AES.GCM.open(box, using: cek))
            } catch {
                throw Failure.authenticationFailed
            }
            while opened.last == 0 { opened.removeLast() }
            let isLast = end == records.count
            guard let delimiter = opened.popLast(), delimiter == (isLast ? 2 : 1) else { throw Failure.badPadding }
            plaintext += opened
            start = end
            sequence += 1
        }
        return plaintext
    }

    /// The `aes128gcm` header: salt (16), record size (4, big-endian), idlen (1), keyid.
    struct Header {
        let salt: [UInt8]
        let recordSize: Int
        let keyID: [UInt8]
        var length: Int { 21 + keyID.count }

        init(_ body: [UInt8]) throws {
            guard body.count >= 21 else { throw Failure.truncated }
            salt = Array(body[0..<16])
            recordSize = body[16..<20].reduce(0) { $0 << 8 | Int($1) }
            guard recordSize >= 18 else { throw Failure.badRecordSize }
            let idLength = Int(body[20])
            guard body.count >= 21 + idLength else { throw Failure.truncated }
            keyID = Array(body[21..<(21 + idLength)])
        }
    }
}

/// The bytes of base64url text the test knows to be valid.
func bytes(_ base64url: String) -> [UInt8] {
    guard let decoded = Base64URL.decode(base64url) else {
        Issue.record("not base64url: \(base64url)")
        return []
    }
    return decoded
}
