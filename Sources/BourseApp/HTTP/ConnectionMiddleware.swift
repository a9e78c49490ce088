import Foundation
import HTTPTypes
import Hummingbird
import RequestGate

/// The first middleware: what the app may believe about the connection a request came on
/// (`context.connection`).
///
/// The client's address is the socket's peer, unless that peer is a trusted proxy: then the
/// last `X-Forwarded-For` entry, the address the proxy itself saw. The request is secure when
/// the server serves HTTPS itself, or a trusted proxy says `X-Forwarded-Proto: https`. A peer
/// that is not a trusted proxy cannot claim either: anyone can send those headers.
struct ConnectionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let trustedProxies: Set<String>
    let tls: Bool

    init(_ settings: NetworkSettings) {
        trustedProxies = Set(settings.trustedProxies.map { IPAddress.canonical($0) ?? $0 })
        tls = settings.tls
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response
    {
        var context = context
        // Until this runs, `clientAddress` is the socket's peer (`AppRequestContext.init`).
        context.connection = resolve(peer: context.connection.clientAddress, headers: request.headers)
        return try await next(request, context)
    }

    func resolve(peer: String, headers: HTTPFields) -> ConnectionInfo {
        let peer = IPAddress.canonical(peer) ?? peer
        guard trustedProxies.contains(peer) else { return ConnectionInfo(clientAddress: peer, isSecure: tls) }
        let forwardedFor = Self.lastEntry(headers[Self.xForwardedFor]).flatMap(IPAddress.canonical)
        let forwardedProto = Self.lastEntry(headers[Self.xForwardedProto])?.lowercased()
        return ConnectionInfo(clientAddress: forwardedFor ?? peer, isSecure: tls || forwardedProto == "https")
    }

    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!

    /// The last of a comma-separated list (several fields of one name arrive joined by commas):
    /// the entry the nearest proxy wrote.
    static func lastEntry(_ value: String?) -> String? {
        guard let entry = value?.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !entry.isEmpty
        else { return nil }
        return entry
    }
}
