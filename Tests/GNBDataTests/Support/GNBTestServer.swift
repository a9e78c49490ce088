import Foundation
import GNBDataLive
import Hummingbird
import Logging
import StandIns
import Synchronization

/// A real HTTP server on 127.0.0.1 that serves the GNB stand-in plus any extra routes a test
/// adds, and records the path and `Accept` header of every request.
final class GNBTestServer: Sendable {
    struct Seen: Sendable, Equatable {
        var path: String
        var accept: String?
    }

    let baseURL: URL
    private let recorder: Recorder
    private let server: Task<Void, any Error>

    var requests: [Seen] { recorder.seen.withLock { $0 } }

    /// The GNB service's base URL on this server (`/standin/gnb`).
    var gnbURL: URL { baseURL.appendingPathComponent(GNBStandIn.pathPrefix) }

    private init(baseURL: URL, recorder: Recorder, server: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.recorder = recorder
        self.server = server
    }

    static func start(extraRoutes: @Sendable (Router<BasicRequestContext>) -> Void = { _ in }) async throws -> GNBTestServer {
        let recorder = Recorder()
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: recorder)
        try GNBStandIn.bundled(.statement).addRoutes(to: router)
        extraRoutes(router)
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let (port, server) = try await LoopbackServer.start { onRunning in
            Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) }, logger: quiet)
        }
        return GNBTestServer(baseURL: URL(string: "http://127.0.0.1:\(port)")!, recorder: recorder, server: server)
    }

    func stop() async {
        server.cancel()
        _ = await server.result
    }

    deinit { server.cancel() }

    final class Recorder: RouterMiddleware, Sendable {
        let seen = Mutex<[Seen]>([])

        func handle(
            _ request: Request, context: BasicRequestContext,
            next: (Request, BasicRequestContext) async throws -> Response
        ) async throws -> Response {
            seen.withLock { $0.append(Seen(path: request.uri.path, accept: request.headers[.accept])) }
            return try await next(request, context)
        }
    }
}
