import BourseApp
import Foundation
import RequestGate

/// `bourse serve`'s network options as given on the command line, before the environment adds
/// to them and the certificate is read.
public struct NetworkOptions: Sendable {
    /// `--allowed-host`, repeated.
    public var allowedHosts: [String]
    /// `--trusted-proxy`, repeated.
    public var trustedProxies: [String]
    /// `--tls-cert` and `--tls-key`: PEM files, both or neither.
    public var tls: (certificate: String, key: String)?
    /// `--idle-timeout`, seconds.
    public var idleTimeout: Int
    /// `--head-timeout`, seconds.
    public var headTimeout: Int

    public init(
        allowedHosts: [String] = [], trustedProxies: [String] = [], tls: (certificate: String, key: String)? = nil,
        idleTimeout: Int = 30, headTimeout: Int = 10
    ) {
        self.allowedHosts = allowedHosts
        self.trustedProxies = trustedProxies
        self.tls = tls
        self.idleTimeout = idleTimeout
        self.headTimeout = headTimeout
    }

    /// The settings the app runs with on `host`: the options plus `BOURSE_ALLOWED_HOSTS` and
    /// `BOURSE_TRUSTED_PROXIES` (comma-separated), each entry checked, and the certificate
    /// loaded. A bad entry or an unusable file is a bad argument (exit 64), said in words.
    public func settings(host: String, environment: [String: String]) throws(CommandFailure) -> NetworkSettings {
        let allowedHosts = allowedHosts + Self.list(environment["BOURSE_ALLOWED_HOSTS"])
        for entry in allowedHosts where HostAndPort(entry) == nil {
            throw CommandFailure(
                message: "--allowed-host (or BOURSE_ALLOWED_HOSTS) takes a host name or address such as "
                    + "bourse.local or 192.168.1.20, without scheme or path; got \"\(entry.prefix(100))\"",
                exitCode: 64)
        }
        let trustedProxies = trustedProxies + Self.list(environment["BOURSE_TRUSTED_PROXIES"])
        for entry in trustedProxies where IPAddress.canonical(entry) == nil {
            throw CommandFailure(
                message: "--trusted-proxy (or BOURSE_TRUSTED_PROXIES) takes the proxy's IP address such as 127.0.0.1; "
                    + "got \"\(entry.prefix(100))\"",
                exitCode: 64)
        }
        return NetworkSettings(
            host: host, allowedHosts: allowedHosts, trustedProxies: trustedProxies,
            tlsConfiguration: try tls.map { tls throws(CommandFailure) in
                try TLSFiles.serverConfiguration(certificate: tls.certificate, key: tls.key)
            },
            idleTimeout: .seconds(idleTimeout), requestHeadTimeout: .seconds(headTimeout))
    }

    /// The entries of a comma-separated variable, trimmed, empty ones left out.
    static func list(_ value: String?) -> [String] {
        (value ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
