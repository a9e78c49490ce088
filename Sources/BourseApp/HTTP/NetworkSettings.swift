import HummingbirdTLS

/// How the app meets the network: the address it is bound to, the host names it answers to,
/// the proxies it believes, whether it serves HTTPS itself, and how long a connection may sit.
///
/// The defaults are a loopback server with nothing else allowed, as tests and `bourse serve`
/// without options run it.
public struct NetworkSettings: Sendable {
    /// The address the server listens on (`--host`): `127.0.0.1`, `0.0.0.0`, `::`, a LAN address.
    public var host: String
    /// Host names (or addresses) a request's `Host` may name besides the bound address and
    /// loopback (`--allowed-host`, `BOURSE_ALLOWED_HOSTS`).
    public var allowedHosts: [String]
    /// Peers whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (`--trusted-proxy`,
    /// `BOURSE_TRUSTED_PROXIES`): IP addresses, compared after normalisation.
    public var trustedProxies: [String]
    /// The certificate and key the server serves HTTPS with (nil: plain HTTP).
    public var tlsConfiguration: TLSConfiguration?
    /// A connection with no request in progress is closed after this long (`--idle-timeout`).
    public var idleTimeout: Duration
    /// A request's head (request line and headers) must arrive within this long of its first
    /// byte; else 408 and the connection is closed.
    public var requestHeadTimeout: Duration

    /// Whether the server itself serves HTTPS.
    public var tls: Bool { tlsConfiguration != nil }

    public init(
        host: String = "127.0.0.1", allowedHosts: [String] = [], trustedProxies: [String] = [],
        tlsConfiguration: TLSConfiguration? = nil, idleTimeout: Duration = .seconds(30),
        requestHeadTimeout: Duration = .seconds(10)
    ) {
        self.host = host
        self.allowedHosts = allowedHosts
        self.trustedProxies = trustedProxies
        self.tlsConfiguration = tlsConfiguration
        self.idleTimeout = idleTimeout
        self.requestHeadTimeout = requestHeadTimeout
    }
}
