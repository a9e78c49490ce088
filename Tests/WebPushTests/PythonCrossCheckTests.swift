import Crypto
import Foundation
import TestSupport
import Testing
import WebPush

/// The target's messages checked by another implementation: Python's http_ece decrypts the
/// bodies and py_vapid verifies the VAPID tokens (tests/push/check_webpush.py).
///
/// The interpreter is `.venv-push/bin/python` at the package's root, which `scripts/install-deps`
/// makes (tests/push/requirements.txt), or `$WEBPUSH_PYTHON`. When neither exists the tests fail,
/// so CI cannot pass without the check; `WEBPUSH_SKIP_PYTHON_CHECK=1` skips them on purpose.
@Suite(
    "Cross-check with Python's http_ece and py_vapid",
    .disabled(
        if: ProcessInfo.processInfo.environment["WEBPUSH_SKIP_PYTHON_CHECK"] == "1",
        "WEBPUSH_SKIP_PYTHON_CHECK=1"))
struct PythonCrossCheckTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = root.appendingPathComponent("tests/push/check_webpush.py")

    /// One message and its VAPID header, as check_webpush.py reads it.
    struct Case: Encodable {
        var subscriberPrivateKey: String
        var auth: String
        var body: String
        var plaintext: String
        var authorization: String
        var audience: String
        var subject: String
        var expiry: Int
        var vapidPrivateKey: String
    }

    private func makeCase(payload: [UInt8], endpoint: String, subject: String) throws -> Case {
        let subscriber = Subscriber()
        let subscription = try PushSubscription(
            endpoint: endpoint, p256dh: Base64URL.encode(subscriber.privateKey.publicKey.x963Representation),
            auth: Base64URL.encode(subscriber.authSecret))
        let encrypted = try PushEncryption.encrypt(payload: payload, for: subscription)
        let key = VAPIDKey.generate()
        let now = Date()
        let expiry = now.addingTimeInterval(12 * 3600)
        let authorization = try VAPID.authorization(
            for: subscription.origin, subject: subject, expiresAt: expiry, now: now, key: key)
        return Case(
            subscriberPrivateKey: Base64URL.encode(subscriber.privateKey.rawRepresentation),
            auth: Base64URL.encode(subscriber.authSecret), body: Base64URL.encode(encrypted.body),
            plaintext: Base64URL.encode(payload), authorization: authorization, audience: subscription.origin,
            subject: subject, expiry: Int(expiry.timeIntervalSince1970.rounded(.down)),
            vapidPrivateKey: key.rawRepresentationBase64URL)
    }

    private func cases() throws -> [Case] {
        let alert = Array(#"{"kind":"alert","symbol":"GNB","price":"101.50","title":"GNB ≥ 100 €"}"#.utf8)
        return [
            try makeCase(
                payload: alert, endpoint: "https://fcm.googleapis.com/fcm/send/abc:APA91b", subject: "mailto:owner@bourse.example"
            ),
            try makeCase(
                payload: [], endpoint: "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
                subject: "https://bourse.example"),
            try makeCase(
                payload: (0..<PushEncryption.maximumPayloadSize).map { _ in UInt8.random(in: .min ... .max) },
                endpoint: "https://push.example.net:8443/p/1", subject: "mailto:owner@bourse.example"),
        ]
    }

    /// Runs check_webpush.py on `cases`: its exit status and output.
    private func check(_ cases: [Case]) throws -> (status: Int32, output: String)? {
        let environment = ProcessInfo.processInfo.environment
        let python =
            environment["WEBPUSH_PYTHON"].map { URL(fileURLWithPath: $0) }
            ?? Self.root.appendingPathComponent(".venv-push/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            Issue.record(
                "No Python for the cross-check at \(python.path): run scripts/install-deps (or set WEBPUSH_PYTHON, or WEBPUSH_SKIP_PYTHON_CHECK=1 to skip)"
            )
            return nil
        }
        let folder = try TemporaryFolder()
        let file = folder.file("cases.json")
        try JSONEncoder().encode(cases).write(to: file)

        let process = Process()
        process.executableURL = python
        process.arguments = [Self.script.path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test("http_ece decrypts the bodies and py_vapid verifies the tokens")
    func pythonAccepts() throws {
        let cases = try cases()
        guard let (status, output) = try check(cases) else { return }
        #expect(status == 0, "\(output)")
        let passed = output.split(separator: "\n").filter { $0.hasSuffix(": ok") }
        #expect(passed.count == 2 * cases.count, "\(output)")
    }

    @Test("The check fails a tampered body, another subscriber's key and a wrong claim")
    func pythonRefuses() throws {
        let good = try cases()[0]
        var tampered = good
        var body = bytes(good.body)
        body[body.count - 1] ^= 0x01
        tampered.body = Base64URL.encode(body)
        var otherSubscriber = good
        otherSubscriber.subscriberPrivateKey = Base64URL.encode(P256.KeyAgreement.PrivateKey().rawRepresentation)
        var otherAudience = good
        otherAudience.audience = "https://evil.example"
        var otherKey = good
        otherKey.vapidPrivateKey = VAPIDKey.generate().rawRepresentationBase64URL
        guard let (status, output) = try check([tampered, otherSubscriber, otherAudience, otherKey]) else { return }
        #expect(status == 1, "\(output)")
        let lines = output.split(separator: "\n")
        for failing in ["case 0 aes128gcm: FAILED", "case 1 aes128gcm: FAILED", "case 2 VAPID: FAILED", "case 3 VAPID: FAILED"] {
            #expect(lines.contains { $0.hasPrefix(failing) }, "\(output)")
        }
        #expect(lines.filter { $0.contains("FAILED") }.count == 4, "\(output)")
    }
}
