import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MarketDataLive
import NIOCore
import ServiceLifecycle
import Synchronization

/// One scripted answer of the replay server.
struct ReplayAnswer: Sendable {
    var status: Int
    var headers: [String: String] = [:]
    var body: [UInt8]

    static func fixture(_ path: String, status: Int = 200, headers: [String: String] = [:]) throws -> ReplayAnswer {
        ReplayAnswer(status: status, headers: headers, body: try Fixture.bytes(path))
    }

    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> ReplayAnswer {
        ReplayAnswer(status: status, headers: headers, body: Array(text.utf8))
    }
}

/// A request as the replay server saw it.
struct ReplayedRequest: Sendable {
    var path: String
    /// The raw query, still percent-encoded.
    var rawQuery: String
    var query: [String: String]
    var authorization: String?
}

/// What the replay server answers, per path (and cursor), in order; the last answer repeats.
actor ReplayScript {
    private var answers: [String: [ReplayAnswer]] = [:]
    private(set) var requests: [ReplayedRequest] = []

    /// Answers GETs of `path` (with `cursor=` when given) with `answers`, one per request.
    func on(_ path: String, cursor: String? = nil, _ answers: ReplayAnswer...) {
        self.answers[Self.key(path, cursor)] = answers
    }

    func requests(to path: String) -> [ReplayedRequest] {
        requests.filter { $0.path == path }
    }

    fileprivate func answer(_ request: ReplayedRequest) -> ReplayAnswer? {
        requests.append(request)
        let key = [Self.key(request.path, request.query["cursor"]), Self.key(request.path, nil)]
            .first { answers[$0] != nil }
        guard let key, var queue = answers[key], let first = queue.first else { return nil }
        if queue.count > 1 {
            queue.removeFirst()
            answers[key] = queue
        }
        return first
    }

    private static func key(_ path: String, _ cursor: String?) -> String {
        cursor.map { "\(path)?cursor=\($0)" } ?? path
    }
}

/// A real Hummingbird server on 127.0.0.1 (a free port) answering from a `ReplayScript`.
///
/// In bodies, `https://api.polygon.io` is replaced by the server's own origin, so that a
/// fixture's `next_url` points back at it.
final class ReplayServer: Sendable {
    let script: ReplayScript
    let baseURL: URL
    private let services: ServiceGroup
    private let task: Task<Void, any Error>

    private init(script: ReplayScript, baseURL: URL, services: ServiceGroup, task: Task<Void, any Error>) {
        self.script = script
        self.baseURL = baseURL
        self.services = services
        self.task = task
    }

    /// Starts a server and returns once it listens.
    static func start() async throws -> ReplayServer {
        let script = ReplayScript()
        let origin = OriginBox()
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "replay-server")
        logger.logLevel = .critical
        let app = Application(
            responder: ReplayResponder(script: script, origin: origin),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger
        )
        let services = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            defer { portContinuation.finish() }
            try await services.run()
        }
        var port = 0
        for await bound in ports {
            port = bound
            break
        }
        guard port > 0, let url = URL(string: "http://127.0.0.1:\(port)") else {
            task.cancel()
            throw ServerDidNotStart()
        }
        origin.value.withLock { $0 = url.absoluteString }
        return ReplayServer(script: script, baseURL: url, services: services, task: task)
    }

    /// Stops the server and waits for it to close.
    func stop() async {
        await services.triggerGracefulShutdown()
        _ = await task.result
    }

    struct ServerDidNotStart: Error {}
}

/// Hands each request to the script; a path it does not know gets a 404 in Polygon's shape.
private struct ReplayResponder: HTTPResponder {
    typealias Context = BasicRequestContext
    let script: ReplayScript
    let origin: OriginBox

    func respond(to request: Request, context: Context) async throws -> Response {
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters {
            query[String(name)] = String(value)
        }
        let seen = ReplayedRequest(
            path: request.uri.path, rawQuery: request.uri.query ?? "", query: query,
            authorization: request.headers[.authorization])
        let answer =
            await script.answer(seen)
            ?? .json(#"{"status":"NOT_FOUND","message":"no script for this path"}"#, status: 404)
        let text = String(decoding: answer.body, as: UTF8.self)
        let body = text.replacingOccurrences(of: "https://api.polygon.io", with: origin.value.withLock { $0 })
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        for (name, value) in answer.headers {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        return Response(
            status: .init(code: answer.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}

/// The server's origin, known only once it listens.
private final class OriginBox: Sendable {
    let value = Mutex("")
}

extension ReplayServer {
    /// Runs `body` against a fresh server, stopping it afterwards whatever happens.
    static func with<T>(_ body: (ReplayServer) async throws -> T) async throws -> T {
        let server = try await ReplayServer.start()
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }
}
