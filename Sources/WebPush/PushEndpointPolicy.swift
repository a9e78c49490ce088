import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where pushes may go (SPEC §14: no one reaches inside through a push endpoint). With several
/// people on one server, a subscription's endpoint is someone's input, and the server POSTs to
/// it: so it must be `https` on a public address. A literal address that is loopback, private
/// (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10) or unspecified
/// is refused when the device subscribes; a name is checked against what it resolves to before
/// each push (`PushSender`). `allowPrivate` (`BOURSE_PUSH_ALLOW_PRIVATE=1`) lifts both rules,
/// and lets `http` name a loopback host, for tests and a home network's own push relay.
public struct PushEndpointPolicy: Sendable, Equatable {
    public let allowPrivate: Bool

    public init(allowPrivate: Bool) {
        self.allowPrivate = allowPrivate
    }

    /// The rule of a server shared by several people: public https endpoints only.
    public static let publicOnly = PushEndpointPolicy(allowPrivate: false)

    /// Refuses `endpoint` when its scheme or its literal address is not allowed; a name passes
    /// (it is checked when sent, `check(resolved:)`).
    public func check(_ endpoint: URL) throws(WebPushError) {
        guard !allowPrivate else { return }
        guard endpoint.scheme?.lowercased() == "https" else { throw .insecureEndpoint }
        guard let host = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)?.host else {
            throw .invalidEndpoint
        }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if let address = IPAddress(bare), !address.isPublic { throw .privateEndpoint(host: bare) }
    }

    /// Refuses a name whose resolved `addresses` include one that is not public (all must be:
    /// the connection may use any of them).
    public func check(resolved addresses: [IPAddress], of host: String) throws(WebPushError) {
        guard !allowPrivate else { return }
        guard !addresses.isEmpty else { throw .unresolvedEndpoint(host: host) }
        if addresses.contains(where: { !$0.isPublic }) { throw .privateEndpoint(host: host) }
    }
}

/// An IPv4 or IPv6 address, parsed from its text (`inet_pton`), and what kind it is.
public enum IPAddress: Sendable, Equatable, CustomStringConvertible {
    case v4([UInt8])
    case v6([UInt8])

    /// `text` as an address, or nil when it is not one (a name).
    public init?(_ text: String) {
        var four = in_addr()
        if inet_pton(AF_INET, text, &four) == 1 {
            self = .v4(withUnsafeBytes(of: &four) { Array($0) })
            return
        }
        var six = in6_addr()
        if inet_pton(AF_INET6, text, &six) == 1 {
            self = .v6(withUnsafeBytes(of: &six) { Array($0) })
            return
        }
        return nil
    }

    /// Not loopback, private, link-local or unspecified (an IPv4 address inside IPv6, `::ffff:a.b.c.d`,
    /// is judged as the IPv4 address it carries).
    public var isPublic: Bool {
        switch self {
        case .v4(let b):
            let privateOrLocal =
                b[0] == 0  // 0.0.0.0/8, "this network", unspecified
                || b[0] == 10 || b[0] == 127  // private, loopback
                || (b[0] == 172 && (16...31).contains(b[1])) || (b[0] == 192 && b[1] == 168)
                || (b[0] == 169 && b[1] == 254)  // link-local
            return !privateOrLocal
        case .v6(let b):
            if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xff && b[11] == 0xff {
                return IPAddress.v4(Array(b[12..<16])).isPublic
            }
            let unspecifiedOrLoopback = b[0..<15].allSatisfy { $0 == 0 } && (b[15] == 0 || b[15] == 1)
            let uniqueLocal = b[0] & 0xfe == 0xfc  // fc00::/7
            let linkLocal = b[0] == 0xfe && b[1] & 0xc0 == 0x80  // fe80::/10
            return !(unspecifiedOrLoopback || uniqueLocal || linkLocal)
        }
    }

    public var description: String {
        switch self {
        case .v4(let b): return b.map(String.init).joined(separator: ".")
        case .v6(let b):
            return stride(from: 0, to: 16, by: 2).map { String(UInt16(b[$0]) << 8 | UInt16(b[$0 + 1]), radix: 16) }
                .joined(separator: ":")
        }
    }
}
