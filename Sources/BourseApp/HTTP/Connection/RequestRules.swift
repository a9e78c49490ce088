import NIOHTTP1

/// What a request's head must be before the app sees it: HTTP/1.0 or 1.1, a target of at most
/// `maxTargetBytes`, and exactly one `Host` that `HostAllowlist` allows (and, for a target in
/// absolute form, `http://host/path`, that host allowed too).
struct RequestRules: Sendable {
    /// The longest request target served (414 above it). The API's longest are a few hundred bytes.
    static let maxTargetBytes = 8 * 1024
    /// The most a request's head (request line and headers) may take (431 above it): NIO's
    /// decoder counts the target and every header line against it.
    static let maxHeadBytes = 80 * 1024

    let hosts: HostAllowlist

    /// The answer that refuses `head`, or nil when it may go on to the app.
    func refusal(of head: HTTPRequestHead) -> GateAnswer? {
        guard head.version == .http1_1 || head.version == .http1_0 else {
            return GateAnswer(status: .httpVersionNotSupported, message: "only HTTP/1.1 and HTTP/1.0 are served here")
        }
        guard head.uri.utf8.count <= Self.maxTargetBytes else {
            return GateAnswer(
                status: .uriTooLong, message: "the request target is over \(Self.maxTargetBytes / 1024) KB; send a shorter one")
        }
        let hostFields = head.headers["Host"]
        guard let field = hostFields.first else {
            return GateAnswer(status: .badRequest, message: "the request has no Host header; say which host it is for")
        }
        guard hostFields.count == 1 else {
            return GateAnswer(status: .badRequest, message: "the request has more than one Host header")
        }
        if let answer = check(authority: field, from: "the Host header") { return answer }
        if let authority = Self.absoluteFormAuthority(head.uri) {
            return check(authority: String(authority), from: "the request target")
        }
        return nil
    }

    private func check(authority: String, from place: String) -> GateAnswer? {
        guard let host = HostAndPort(authority) else {
            return GateAnswer(
                status: .badRequest, message: "\(place) \(Echo.quoted(authority)) is not a host with an optional port")
        }
        guard hosts.allows(host) else {
            return GateAnswer(
                status: .misdirectedRequest,
                message: "this server does not answer to \(Echo.quoted(host.host)): it answers to its own address, "
                    + "localhost, and the names given with --allowed-host or BOURSE_ALLOWED_HOSTS")
        }
        return nil
    }

    /// The authority of a target in absolute form (`http://host:port/path`), which HTTP/1.1
    /// says a server must use instead of `Host`; nil for the usual `/path`.
    static func absoluteFormAuthority(_ target: String) -> Substring? {
        guard !target.hasPrefix("/"), let schemeEnd = target.range(of: "://") else { return nil }
        let rest = target[schemeEnd.upperBound...]
        return rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }
}
