import BourseCore
import Foundation
import NIOHTTP1

/// What a request's head must be before the app sees it: HTTP/1.0 or 1.1, a target of at most
/// `maxTargetBytes`, exactly one `Host` that `HostAllowlist` allows (and, for a target in
/// absolute form, `http://host/path`, that host allowed too), and a body in no transfer coding
/// but `chunked`.
public struct RequestRules: Sendable {
    /// The longest request target served (414 above it). The API's longest are a few hundred bytes.
    static let maxTargetBytes = 8 * 1024
    /// The most a request's head (request line and headers) may take (431 above it): NIO's
    /// decoder counts the target and every header line against it.
    public static let maxHeadBytes = 80 * 1024

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
        if let authority = Self.absoluteFormAuthority(head.uri),
            let answer = check(authority: String(authority), from: "the request target")
        {
            return answer
        }
        return Self.transferCodingRefusal(head.headers["Transfer-Encoding"])
    }

    /// The transfer codings of a request's body (RFC 9112 §6): `chunked` is the one served. A
    /// body whose last coding is not `chunked`, or in `chunked` twice, has no length that can be
    /// known (400); a body in `chunked` and another coding (`gzip, chunked`) is one the app
    /// could not read (501). Either way the body never reaches the app.
    static func transferCodingRefusal(_ fields: [String]) -> GateAnswer? {
        let codings = fields.flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard !codings.isEmpty, codings != ["chunked"] else { return nil }
        guard codings.last == "chunked", codings.filter({ $0 == "chunked" }).count == 1 else {
            return GateAnswer(
                status: .badRequest,
                message: "the request body's length cannot be known: its Transfer-Encoding must end in chunked, once")
        }
        let other = codings.first { $0 != "chunked" } ?? ""
        return GateAnswer(
            status: .notImplemented,
            message: "the transfer coding \(Echo.quoted(other)) is not served here: send the body as it is, "
                + "with Content-Length or Transfer-Encoding: chunked")
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
