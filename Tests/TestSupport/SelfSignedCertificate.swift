import Foundation

/// A certificate for `localhost` made at test time with `openssl` (Debian's), valid one day, in
/// a `TemporaryFolder` removed when this goes away: `certificate` and `key` are PEM files.
public final class SelfSignedCertificate: Sendable {
    private let folder: TemporaryFolder
    public var certificate: String { folder.file("cert.pem").path }
    public var key: String { folder.file("key.pem").path }

    /// Fails when `openssl` does not make the pair.
    public init() throws {
        folder = try TemporaryFolder()
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1",
            "-keyout", folder.file("key.pem").path, "-out", folder.file("cert.pem").path,
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
