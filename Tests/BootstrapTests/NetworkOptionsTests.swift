import Foundation
import TestSupport
import Testing

@testable import Bootstrap
@testable import BourseApp

/// `bourse serve`'s network options: the environment adds to them, every entry is checked, and
/// the certificate is read at start-up, a bad one refused with exit 64 and a message.
@Suite("serve: network options")
struct NetworkOptionsTests {
    @Test func theEnvironmentAddsHostsAndProxies() throws {
        let options = NetworkOptions(allowedHosts: ["bourse.local"], trustedProxies: ["127.0.0.1"], idleTimeout: 5)
        let settings = try options.settings(
            host: "0.0.0.0",
            environment: ["BOURSE_ALLOWED_HOSTS": " phone.lan, ,bourse.example ", "BOURSE_TRUSTED_PROXIES": "10.0.0.2"])
        #expect(settings.host == "0.0.0.0")
        #expect(settings.allowedHosts == ["bourse.local", "phone.lan", "bourse.example"])
        #expect(settings.trustedProxies == ["127.0.0.1", "10.0.0.2"])
        #expect(settings.idleTimeout == .seconds(5))
        #expect(settings.requestHeadTimeout == .seconds(10))
        #expect(!settings.tls)
    }

    @Test(
        "a bad entry is a bad argument",
        arguments: [
            (NetworkOptions(allowedHosts: ["http://bourse.local"]), [:], "--allowed-host"),
            (NetworkOptions(), ["BOURSE_ALLOWED_HOSTS": "bourse.local/x"], "--allowed-host"),
            (NetworkOptions(trustedProxies: ["proxy.lan"]), [:], "--trusted-proxy"),
            (NetworkOptions(), ["BOURSE_TRUSTED_PROXIES": "10.0.0.300"], "--trusted-proxy"),
        ] as [(NetworkOptions, [String: String], String)])
    func refused(options: NetworkOptions, environment: [String: String], option: String) {
        #expect {
            _ = try options.settings(host: "127.0.0.1", environment: environment)
        } throws: { error in
            let failure = error as? CommandFailure
            return failure?.exitCode == 64 && failure?.message.contains(option) == true
        }
    }

    @Test func aCertificateAndItsKeyMakeHTTPS() throws {
        let files = try SelfSignedCertificate()

        let settings = try NetworkOptions(tls: (files.certificate, files.key)).settings(host: "127.0.0.1", environment: [:])
        #expect(settings.tls)
    }

    @Test func aMissingNoPEMOrMismatchedFileIsRefusedInWords() throws {
        let files = try SelfSignedCertificate()
        let other = try SelfSignedCertificate()
        let folder = try TemporaryFolder()
        let notPEM = folder.file("notes.txt").path
        try "not a certificate".write(toFile: notPEM, atomically: true, encoding: .utf8)

        let cases: [(certificate: String, key: String, says: String)] = [
            ("/nonexistent/cert.pem", files.key, "--tls-cert /nonexistent/cert.pem: no such file"),
            (files.certificate, "/nonexistent/key.pem", "--tls-key /nonexistent/key.pem: no such file"),
            (folder.path, files.key, "not a readable file"),
            (notPEM, files.key, "holds no PEM certificate"),
            (files.certificate, notPEM, "holds no PEM private key"),
            (files.certificate, other.key, "is not the key of the certificate"),
        ]
        for (certificate, key, says) in cases {
            #expect {
                _ = try NetworkOptions(tls: (certificate, key)).settings(host: "127.0.0.1", environment: [:])
            } throws: { error in
                let failure = error as? CommandFailure
                return failure?.exitCode == 64 && failure?.message.contains(says) == true
            }
        }
    }
}
