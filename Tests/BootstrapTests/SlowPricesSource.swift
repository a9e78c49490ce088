import Foundation
import Hummingbird
import StandIns

/// The simulated market as "Massive" on its free tier over loopback: the snapshots refused
/// (403 NOT_AUTHORIZED, Massive's body) and grouped daily (the prices) answering `delay` late,
/// as a command sees it while its price waits for the rate limit.
final class SlowPricesSource: Sendable {
    let url: String
    private let server: Task<Void, any Error>

    private init(url: String, server: Task<Void, any Error>) {
        self.url = url
        self.server = server
    }

    static func start(delay: Duration) async throws -> SlowPricesSource {
        let standIn = PolygonStandIn(market: try SimulatedMarket.bundled())
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: FreeTier(slowPrefix: "/v2/aggs/grouped", delay: delay))
        standIn.addRoutes(to: router)
        let (port, server) = try await LoopbackServer.start { onRunning in
            Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) })
        }
        return SlowPricesSource(url: "http://127.0.0.1:\(port)", server: server)
    }

    func stop() { server.cancel() }

    /// Refuses the snapshots as the free tier does, and holds the answers to paths starting
    /// with `slowPrefix` for `delay`.
    struct FreeTier<Context: RequestContext>: RouterMiddleware {
        let slowPrefix: String
        let delay: Duration

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            let path = request.uri.path
            if path.hasPrefix("/v2/snapshot") {
                let body =
                    #"{"status":"NOT_AUTHORIZED","request_id":"test","message":"You are not entitled to this data. Please upgrade your plan at https://massive.com/pricing"}"#
                return Response(
                    status: .forbidden, headers: [.contentType: "application/json"],
                    body: .init(byteBuffer: ByteBuffer(string: body)))
            }
            if path.hasPrefix(slowPrefix) { try await Task.sleep(for: delay) }
            return try await next(request, context)
        }
    }
}
