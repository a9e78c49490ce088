import Foundation
import HummingbirdTLS
import NIOSSL

/// The certificate and key `bourse serve --tls-cert --tls-key` serves HTTPS with: PEM files,
/// read and checked at start-up, so that a missing file, a file that is no PEM, or a key that
/// is not the certificate's stops the server with a message instead of failing every handshake.
enum TLSFiles {
    static func serverConfiguration(certificate: String, key: String) throws(CommandFailure) -> TLSConfiguration {
        try readable(certificate, option: "--tls-cert")
        try readable(key, option: "--tls-key")
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificate)
        } catch {
            throw failure("--tls-cert \(certificate) holds no PEM certificate (\(error))")
        }
        guard !chain.isEmpty else { throw failure("--tls-cert \(certificate) holds no PEM certificate") }
        let privateKey: NIOSSLPrivateKey
        do {
            privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
        } catch {
            throw failure("--tls-key \(key) holds no PEM private key (\(error))")
        }
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
        do {
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw failure("--tls-key \(key) is not the key of the certificate in --tls-cert \(certificate) (\(error))")
        }
        return configuration
    }

    private static func readable(_ path: String, option: String) throws(CommandFailure) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw failure("\(option) \(path): no such file")
        }
        guard !isDirectory.boolValue, FileManager.default.isReadableFile(atPath: path) else {
            throw failure("\(option) \(path): not a readable file")
        }
    }

    private static func failure(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitCode: 64)
    }
}
