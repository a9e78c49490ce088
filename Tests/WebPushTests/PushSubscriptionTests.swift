import Foundation
import Testing
import WebPush

@Suite("Subscriptions from the browser's PushSubscription.toJSON()")
struct PushSubscriptionTests {
    let p256dh = RFC8291AppendixA.userAgentPublicKey
    let auth = RFC8291AppendixA.authSecret

    /// The JSON a browser's `PushSubscription.toJSON()` gives, with these fields.
    private func json(endpoint: String, p256dh: String? = nil, auth: String? = nil, expiry: String = "null") -> [UInt8] {
        let keys = #"{"p256dh":"\#(p256dh ?? self.p256dh)","auth":"\#(auth ?? self.auth)"}"#
        let text = #"{"endpoint":"\#(endpoint)","expirationTime":\#(expiry),"keys":\#(keys)}"#
        return Array(text.utf8)
    }

    @Test("A Chrome subscription decodes: endpoint, keys, origin")
    func decodes() throws {
        let subscription = try PushSubscription(json: json(endpoint: "https://fcm.googleapis.com/fcm/send/dX9:APA91b"))
        #expect(subscription.endpoint.absoluteString == "https://fcm.googleapis.com/fcm/send/dX9:APA91b")
        #expect(subscription.userAgentPublicKey == bytes(p256dh))
        #expect(subscription.authSecret == bytes(auth))
        #expect(subscription.p256dhBase64URL == p256dh)
        #expect(subscription.authBase64URL == auth)
        #expect(subscription.expirationTime == nil)
        #expect(subscription.origin == "https://fcm.googleapis.com")
    }

    @Test("An expiration time in milliseconds is read")
    func expirationTime() throws {
        let subscription = try PushSubscription(
            json: json(endpoint: "https://push.example.net/x", expiry: "1764115200000"))
        #expect(subscription.expirationTime == Date(timeIntervalSince1970: 1_764_115_200))
    }

    @Test("Keys with base64url padding are accepted")
    func paddedKeys() throws {
        let subscription = try PushSubscription(
            endpoint: "https://push.example.net/x", p256dh: p256dh + "=", auth: auth + "==")
        #expect(subscription.userAgentPublicKey == bytes(p256dh))
        #expect(subscription.authSecret == bytes(auth))
    }

    @Test(
        "The origin is scheme://host[:port], the port only when not the default",
        arguments: [
            ("https://updates.push.services.mozilla.com/wpush/v2/gAAA", "https://updates.push.services.mozilla.com"),
            ("https://Web.Push.Apple.com:443/QGuQ", "https://web.push.apple.com"),
            ("https://push.example.net:8443/a/b?c=d", "https://push.example.net:8443"),
            ("http://127.0.0.1:9000/push/1", "http://127.0.0.1:9000"),
            ("http://localhost/push/1", "http://localhost"),
            ("http://[::1]:9000/push/1", "http://[::1]:9000"),
        ])
    func origin(endpoint: String, origin: String) throws {
        let subscription = try PushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth)
        #expect(subscription.origin == origin)
    }

    @Test(
        "An endpoint that is not https, or http on a loopback host, is refused",
        arguments: [
            "http://push.example.net/x", "http://10.0.0.1/x", "ftp://push.example.net/x", "ws://127.0.0.1/x",
            "file:///etc/passwd", "javascript:alert(1)",
        ])
    func insecureEndpoint(endpoint: String) {
        #expect(throws: WebPushError.insecureEndpoint) {
            try PushSubscription(json: json(endpoint: endpoint))
        }
    }

    @Test(
        "An endpoint that is not an absolute URL with a host, or is too long, is refused",
        arguments: [
            "", "push.example.net/x", "/relative", "https://", "https://user:pass@push.example.net/x",
            "https://push.example.net/" + String(repeating: "a", count: 2048),
        ])
    func invalidEndpoint(endpoint: String) {
        #expect(throws: WebPushError.invalidEndpoint) {
            try PushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth)
        }
    }

    @Test("A p256dh that is not an uncompressed P-256 point is refused")
    func badP256DH() {
        var offCurve = bytes(p256dh)
        offCurve[64] ^= 0x01
        var compressed = bytes(p256dh)
        compressed[0] = 0x02
        for key in [
            Base64URL.encode(offCurve), Base64URL.encode(compressed), Base64URL.encode(compressed.prefix(33)),
            Base64URL.encode([UInt8](repeating: 0, count: 65)), Base64URL.encode(bytes(p256dh).prefix(64)),
        ] {
            #expect(throws: WebPushError.invalidP256DH) {
                try PushSubscription(endpoint: "https://push.example.net/x", p256dh: key, auth: auth)
            }
        }
    }

    @Test("An auth secret that is not 16 bytes is refused")
    func shortAuth() {
        #expect(throws: WebPushError.invalidAuthSecret(byteCount: 15)) {
            try PushSubscription(
                json: json(endpoint: "https://push.example.net/x", auth: Base64URL.encode([UInt8](repeating: 7, count: 15))))
        }
        #expect(throws: WebPushError.invalidAuthSecret(byteCount: 32)) {
            try PushSubscription(
                json: json(endpoint: "https://push.example.net/x", auth: Base64URL.encode([UInt8](repeating: 7, count: 32))))
        }
    }

    @Test(
        "Keys that are not base64url are refused",
        arguments: ["BTBZMqHH6r4Tts7J/aSIgg", "BTBZ MqHH6r4Tts7J_aSIgg", "BTBZMqHH6r4Tts7J_aSIgg===", "%%%", "B"])
    func badBase64(auth: String) {
        #expect(throws: WebPushError.invalidBase64URL(field: "auth")) {
            try PushSubscription(endpoint: "https://push.example.net/x", p256dh: p256dh, auth: auth)
        }
        #expect(throws: WebPushError.invalidBase64URL(field: "p256dh")) {
            try PushSubscription(endpoint: "https://push.example.net/x", p256dh: auth, auth: self.auth)
        }
    }

    @Test(
        "JSON that is not a subscription, or is too large, is refused",
        arguments: [
            "", "null", "[]", #"{"endpoint":"https://push.example.net/x"}"#,
            #"{"endpoint":"https://push.example.net/x","keys":{"p256dh":1,"auth":"x"}}"#,
            #"{"endpoint":"https://push.example.net/x","keys":{"p256dh":"a","auth":"b"},"pad":""#
                + String(repeating: "x", count: 5000) + #""}"#,
        ])
    func badJSON(text: String) {
        #expect(throws: WebPushError.invalidSubscriptionJSON) {
            try PushSubscription(json: Array(text.utf8))
        }
    }
}

@Suite("base64url")
struct Base64URLTests {
    @Test("Encodes without padding, in the URL alphabet")
    func encodes() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.encode([]) == "")
        #expect(Base64URL.encode(Array("When".utf8)) == "V2hlbg")
    }

    @Test("Decodes with or without padding, and refuses the rest")
    func decodes() {
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64URL.decode("-_8=") == [0xFB, 0xFF])
        #expect(Base64URL.decode("V2hlbg==") == Array("When".utf8))
        #expect(Base64URL.decode("") == [])
        for garbage in ["+/8=", "-_8==", "V2hlbg=", "V", "V2h=lbg", " V2hlbg", "V2hlbg\n", "é"] {
            #expect(Base64URL.decode(garbage) == nil, "\(garbage)")
        }
    }
}
