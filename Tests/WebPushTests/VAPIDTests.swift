import Crypto
import Foundation
import Testing
import WebPush

@Suite("VAPID (RFC 8292)")
struct VAPIDTests {
    let now = Date(timeIntervalSince1970: 1_764_115_200)
    let audience = "https://fcm.googleapis.com"
    let subject = "mailto:owner@bourse.example"

    /// The header's `t` and `k`, split as a push service splits them.
    private func parts(_ authorization: String) throws -> (token: String, key: String) {
        let scheme = "vapid "
        #expect(authorization.hasPrefix(scheme))
        var token = ""
        var key = ""
        for parameter in authorization.dropFirst(scheme.count).split(separator: ",") {
            let pair = parameter.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            try #require(pair.count == 2)
            if pair[0] == "t" { token = String(pair[1]) }
            if pair[0] == "k" { key = String(pair[1]) }
        }
        return (token, key)
    }

    private func json(_ base64url: String) throws -> [String: Any] {
        let data = Data(bytes(base64url))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("The header is vapid t=<JWT>, k=<public key>; the JWT's header and claims are as required")
    func headerAndClaims() throws {
        let key = VAPIDKey.generate()
        let expiry = now.addingTimeInterval(12 * 3600 + 0.75)
        let authorization = try VAPID.authorization(
            for: audience, subject: subject, expiresAt: expiry, now: now, key: key)
        let (token, publicKey) = try parts(authorization)
        #expect(authorization == "vapid t=\(token), k=\(key.publicKeyBase64URL)")
        #expect(publicKey == key.publicKeyBase64URL)
        #expect(bytes(publicKey).count == 65)
        let segments = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(segments.count == 3)
        #expect(String(decoding: bytes(segments[0]), as: UTF8.self) == #"{"typ":"JWT","alg":"ES256"}"#)
        let claims = try json(segments[1])
        #expect(claims.count == 3)
        #expect(claims["aud"] as? String == audience)
        #expect(claims["sub"] as? String == subject)
        // exp is whole seconds, rounded down.
        let exp = try #require(claims["exp"] as? Int)
        #expect(exp == 1_764_158_400)
        #expect(String(decoding: bytes(segments[1]), as: UTF8.self).contains(#""exp":1764158400"#))
    }

    @Test("The signature is ES256 in JOSE form (r || s) and verifies with the public key")
    func signatureVerifies() throws {
        let key = VAPIDKey.generate()
        let token = try VAPID.jwt(
            for: audience, subject: subject, expiresAt: now.addingTimeInterval(3600), now: now, key: key)
        let segments = token.split(separator: ".").map(String.init)
        try #require(segments.count == 3)
        let signature = bytes(segments[2])
        #expect(signature.count == 64)
        let publicKey = try P256.Signing.PublicKey(x963Representation: key.publicKey)
        let ecdsa = try P256.Signing.ECDSASignature(rawRepresentation: signature)
        let signingInput = Data((segments[0] + "." + segments[1]).utf8)
        #expect(publicKey.isValidSignature(ecdsa, for: signingInput))
        // Another key's public key, or other claims, do not verify.
        let other = try P256.Signing.PublicKey(x963Representation: VAPIDKey.generate().publicKey)
        #expect(!other.isValidSignature(ecdsa, for: signingInput))
        #expect(!publicKey.isValidSignature(ecdsa, for: Data((segments[0] + "." + segments[0]).utf8)))
    }

    @Test("An expiry more than 24 hours ahead, or not after now, is refused")
    func expiry() throws {
        let key = VAPIDKey.generate()
        for expiry in [now.addingTimeInterval(24 * 3600 + 1), now, now.addingTimeInterval(-60), now.addingTimeInterval(0.5)] {
            #expect(throws: WebPushError.invalidExpiry) {
                try VAPID.authorization(for: audience, subject: subject, expiresAt: expiry, now: now, key: key)
            }
        }
        _ = try VAPID.authorization(
            for: audience, subject: subject, expiresAt: now.addingTimeInterval(24 * 3600), now: now, key: key)
    }

    @Test(
        "A subject that is not a mailto: address or an https: URL is refused",
        arguments: [
            "", "owner@bourse.example", "mailto:", "mailto:owner", "mailto:@bourse.example", "mailto:owner@",
            "http://bourse.example", "https://", "https:///path", "mailto:owner@bourse.example\r\nX: y",
            "mailto:own er@bourse.example", "ftp://bourse.example",
        ])
    func badSubject(subject: String) {
        #expect(throws: WebPushError.invalidSubject) {
            try VAPID.authorization(
                for: audience, subject: subject, expiresAt: now.addingTimeInterval(60), now: now,
                key: VAPIDKey.generate())
        }
    }

    @Test(
        "mailto: and https: subjects are accepted", arguments: ["mailto:owner@bourse.example", "https://bourse.example/contact"])
    func goodSubject(subject: String) throws {
        _ = try VAPID.authorization(
            for: audience, subject: subject, expiresAt: now.addingTimeInterval(60), now: now, key: VAPIDKey.generate())
    }

    @Test(
        "An audience that is not an origin is refused",
        arguments: ["", "fcm.googleapis.com", "https://fcm.googleapis.com/fcm/send", "ftp://fcm.googleapis.com", "https://"])
    func badAudience(audience: String) {
        #expect(throws: WebPushError.invalidAudience) {
            try VAPID.authorization(
                for: audience, subject: subject, expiresAt: now.addingTimeInterval(60), now: now,
                key: VAPIDKey.generate())
        }
    }
}

@Suite("VAPID keys")
struct VAPIDKeyTests {
    @Test("A key survives its raw representation (what the database stores)")
    func rawRoundTrip() throws {
        let key = VAPIDKey.generate()
        #expect(key.rawRepresentation.count == 32)
        #expect(bytes(key.rawRepresentationBase64URL) == key.rawRepresentation)
        let restored = try VAPIDKey(rawRepresentationBase64URL: key.rawRepresentationBase64URL)
        #expect(restored.rawRepresentation == key.rawRepresentation)
        #expect(restored.publicKeyBase64URL == key.publicKeyBase64URL)
    }

    @Test("The public key is the 65-byte uncompressed point of the private key")
    func publicKey() throws {
        // RFC 8291 Appendix A's server key pair, as a known P-256 pair.
        let key = try VAPIDKey(rawRepresentationBase64URL: RFC8291AppendixA.serverPrivateKey)
        #expect(key.publicKeyBase64URL == RFC8291AppendixA.serverPublicKey)
        #expect(key.publicKey.count == 65 && key.publicKey[0] == 0x04)
        #expect(!key.publicKeyBase64URL.contains("="))
    }

    @Test("Its description shows the public key, never the private one")
    func description() {
        let key = VAPIDKey.generate()
        #expect("\(key)".contains(key.publicKeyBase64URL))
        #expect(!"\(key)".contains(key.rawRepresentationBase64URL))
    }

    @Test("A private key that is not a 32-byte scalar below the order is refused")
    func badKeys() {
        for raw in [[UInt8](repeating: 1, count: 31), [UInt8](repeating: 0, count: 32), [UInt8](repeating: 0xFF, count: 32)] {
            #expect(throws: WebPushError.invalidPrivateKey) { try VAPIDKey(rawRepresentation: raw) }
        }
        #expect(throws: WebPushError.invalidBase64URL(field: "VAPID private key")) {
            try VAPIDKey(rawRepresentationBase64URL: "not base64!")
        }
    }
}
