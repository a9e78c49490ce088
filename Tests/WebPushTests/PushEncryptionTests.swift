import Crypto
import Foundation
import Testing

@testable import WebPush

@Suite("Payload encryption (RFC 8291, aes128gcm)")
struct PushEncryptionTests {
    typealias Vector = RFC8291AppendixA

    private func serverKey() throws -> P256.KeyAgreement.PrivateKey {
        try P256.KeyAgreement.PrivateKey(rawRepresentation: bytes(Vector.serverPrivateKey))
    }

    @Test("RFC 8291 Appendix A's message, byte for byte")
    func appendixAMessage() throws {
        let encrypted = try PushEncryption.encrypt(
            payload: Array(Vector.plaintext.utf8), userAgentPublicKey: bytes(Vector.userAgentPublicKey),
            authSecret: bytes(Vector.authSecret), serverKey: serverKey(), salt: bytes(Vector.salt))
        #expect(Base64URL.encode(encrypted.body) == Vector.body)
        #expect(Base64URL.encode(encrypted.body.prefix(86)) == Vector.header)
        #expect(encrypted.serverPublicKey == bytes(Vector.serverPublicKey))
        #expect(encrypted.salt == bytes(Vector.salt))
    }

    @Test("RFC 8291 Appendix A's intermediate values: ECDH secret, IKM, PRK, CEK, nonce")
    func appendixAIntermediateValues() throws {
        let keys = try PushContentKeys(
            serverKey: serverKey(), userAgentPublicKey: bytes(Vector.userAgentPublicKey),
            authSecret: bytes(Vector.authSecret), salt: bytes(Vector.salt))
        #expect(Base64URL.encode(keys.ecdhSecret) == Vector.ecdhSecret)
        #expect(Base64URL.encode(keys.inputKeyingMaterial) == Vector.inputKeyingMaterial)
        #expect(Base64URL.encode(keys.pseudorandomKey) == Vector.pseudorandomKey)
        #expect(Base64URL.encode(keys.contentEncryptionKey) == Vector.contentEncryptionKey)
        #expect(Base64URL.encode(keys.nonce) == Vector.nonce)
    }

    @Test("The test's decryption opens Appendix A's message with the user agent's private key")
    func appendixADecrypts() throws {
        let userAgent = try P256.KeyAgreement.PrivateKey(rawRepresentation: bytes(Vector.userAgentPrivateKey))
        #expect(Base64URL.encode(userAgent.publicKey.x963Representation) == Vector.userAgentPublicKey)
        let plaintext = try PushDecryption.decrypt(
            body: bytes(Vector.body), userAgentPrivateKey: userAgent, authSecret: bytes(Vector.authSecret))
        #expect(String(decoding: plaintext, as: UTF8.self) == Vector.plaintext)
    }

    @Test("RFC 8188 §3.1 and §3.2 decrypt with their input keying material")
    func rfc8188Examples() throws {
        let one = try PushDecryption.decrypt(
            body: bytes(RFC8188Section3_1.body), inputKeyingMaterial: bytes(RFC8188Section3_1.inputKeyingMaterial))
        #expect(String(decoding: one, as: UTF8.self) == RFC8188Section3_1.plaintext)
        let two = try PushDecryption.decrypt(
            body: bytes(RFC8188Section3_2.body), inputKeyingMaterial: bytes(RFC8188Section3_2.inputKeyingMaterial))
        #expect(String(decoding: two, as: UTF8.self) == RFC8188Section3_2.plaintext)
    }

    @Test("Round trips with fresh keys, from empty to the largest payload", arguments: [0, 1, 41, 1000, 3993])
    func roundTrip(size: Int) throws {
        let subscriber = Subscriber()
        let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let encrypted = try PushEncryption.encrypt(payload: payload, for: subscriber.subscription)
        #expect(encrypted.body.count == 86 + size + 1 + 16)
        #expect(encrypted.body.count <= 4096)
        #expect(Array(encrypted.body[16..<21]) == [0x00, 0x00, 0x10, 0x00, 65])
        let opened = try PushDecryption.decrypt(
            body: encrypted.body, userAgentPrivateKey: subscriber.privateKey, authSecret: subscriber.authSecret)
        #expect(opened == payload)
    }

    @Test("Each message has its own ephemeral key and salt")
    func freshKeyAndSalt() throws {
        let subscriber = Subscriber()
        let first = try PushEncryption.encrypt(payload: Array("same".utf8), for: subscriber.subscription)
        let second = try PushEncryption.encrypt(payload: Array("same".utf8), for: subscriber.subscription)
        #expect(first.salt != second.salt)
        #expect(first.serverPublicKey != second.serverPublicKey)
        #expect(first.body != second.body)
    }

    // The salt, the key id, the ciphertext and the tag; not the record size, which RFC 8188
    // leaves unauthenticated (a larger one still reads the body as one record).
    @Test("A body changed in its salt, key, ciphertext or tag fails to decrypt", arguments: [0, 15, 30, 86, 100, 135])
    func tamperedBody(index: Int) throws {
        let subscriber = Subscriber()
        let encrypted = try PushEncryption.encrypt(
            payload: Array("Order 42 filled: 10 GNB at 101.50".utf8), for: subscriber.subscription)
        var body = encrypted.body
        body[index] ^= 0x01
        #expect(throws: (any Error).self) {
            try PushDecryption.decrypt(
                body: body, userAgentPrivateKey: subscriber.privateKey, authSecret: subscriber.authSecret)
        }
    }

    @Test("Another subscriber's keys cannot open the message")
    func wrongSubscriber() throws {
        let subscriber = Subscriber()
        let other = Subscriber()
        let encrypted = try PushEncryption.encrypt(payload: Array("private".utf8), for: subscriber.subscription)
        #expect(throws: PushDecryption.Failure.authenticationFailed) {
            try PushDecryption.decrypt(
                body: encrypted.body, userAgentPrivateKey: other.privateKey, authSecret: subscriber.authSecret)
        }
        #expect(throws: PushDecryption.Failure.authenticationFailed) {
            try PushDecryption.decrypt(
                body: encrypted.body, userAgentPrivateKey: subscriber.privateKey, authSecret: other.authSecret)
        }
    }

    @Test("A payload over 3993 bytes is refused")
    func payloadTooLarge() throws {
        let subscriber = Subscriber()
        #expect(throws: WebPushError.payloadTooLarge(byteCount: 3994, limit: 3993)) {
            try PushEncryption.encrypt(payload: [UInt8](repeating: 0x61, count: 3994), for: subscriber.subscription)
        }
    }

    @Test("A salt that is not 16 bytes is refused")
    func badSalt() throws {
        let subscriber = Subscriber()
        #expect(throws: WebPushError.invalidSalt) {
            try PushEncryption.encrypt(
                payload: [1], userAgentPublicKey: subscriber.subscription.userAgentPublicKey,
                authSecret: subscriber.authSecret, serverKey: P256.KeyAgreement.PrivateKey(), salt: [0, 1, 2])
        }
    }
}

/// A browser's side of a subscription: its key pair and auth secret, and the subscription it sends.
struct Subscriber {
    let privateKey = P256.KeyAgreement.PrivateKey()
    let authSecret: [UInt8] = (0..<16).map { _ in UInt8.random(in: .min ... .max) }
    var subscription: PushSubscription {
        // The keys are made valid just above.
        try! PushSubscription(
            endpoint: "https://push.example.net/wpush/v2/abc", p256dh: Base64URL.encode(privateKey.publicKey.x963Representation),
            auth: Base64URL.encode(authSecret))
    }
}
