/// The hosts a request may name in its `Host` header: a defence against DNS rebinding, where
/// another site's page reaches this server under a name its owner controls (`Host:
/// evil.example`) and would then be "same-origin" with it.
///
/// Allowed: the bound address, `localhost`, `127.0.0.1`, `::1`, and the allowed hosts. When the
/// server is bound to every address (`0.0.0.0` or `::`), any IP address too: an address is not
/// a name and cannot be re-pointed at this server, and a phone on the LAN reaches the server by
/// its address. Compared case-insensitively, without the port.
public struct HostAllowlist: Sendable {
    private let hosts: Set<String>
    private let anyIPLiteral: Bool

    public init(boundHost: String, allowedHosts: [String]) {
        let bound = HostAndPort(boundHost)
        anyIPLiteral = bound.map { $0.host == "0.0.0.0" || $0.host == "::" } ?? false
        var hosts: Set<String> = ["localhost", "127.0.0.1", "::1"]
        if let bound, !anyIPLiteral { hosts.insert(bound.host) }
        for entry in allowedHosts {
            if let allowed = HostAndPort(entry) { hosts.insert(allowed.host) }
        }
        self.hosts = hosts
    }

    /// Whether a request naming `host` is for this server.
    public func allows(_ host: HostAndPort) -> Bool {
        hosts.contains(host.host) || (anyIPLiteral && host.isIPLiteral)
    }
}
