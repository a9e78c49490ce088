import BourseCore
import Foundation
import Hummingbird
import Logging
import StandIns
import Synchronization

/// A Polygon-shaped server on a loopback port that misbehaves on demand: the fake upstream of
/// the failing-well route tests. It knows AAPL alone: its details, and a grouped-daily day that
/// is the same every date.
final class MisbehavingUpstream: Sendable {
    enum Mode: Sendable, Equatable {
        case healthy
        /// A 200 whose body is an HTML error page.
        case garbled
        /// Never answers (until the server stops).
        case hang
        /// Answers well, after `delay`.
        case slow(Duration)
        /// 429 with `Retry-After: 120`.
        case rateLimited
        /// A good answer that repeats the request's `apiKey` in its data.
        case echoKey
        /// A 200 of `oversizeBytes` bytes.
        case oversized
    }

    static let oversizeBytes = 1 << 20

    /// What the handlers and the tests share.
    private final class State: Sendable {
        let mode = Mutex(Mode.healthy)
        let paths = Mutex([String]())
    }

    /// Where the server listens.
    let url: URL
    private let state: State
    private let server: Task<Void, any Error>

    private init(url: URL, state: State, server: Task<Void, any Error>) {
        self.url = url
        self.state = state
        self.server = server
    }

    deinit {
        server.cancel()
    }

    /// Every path asked for so far, in order.
    var paths: [String] { state.paths.withLock { $0 } }

    func set(_ mode: Mode) { state.mode.withLock { $0 = mode } }

    /// The requests so far whose path starts with `prefix`.
    func count(_ prefix: String) -> Int { paths.count { $0.hasPrefix(prefix) } }

    static func start() async throws -> MisbehavingUpstream {
        let state = State()
        var quiet = Logger(label: "upstream")
        quiet.logLevel = .critical
        let router = Router()
        router.get("**") { request, _ -> Response in
            state.paths.withLock { $0.append(request.uri.path) }
            return try await answer(request, mode: state.mode.withLock { $0 })
        }
        let (port, server) = try await LoopbackServer.start { onRunning in
            Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) }, logger: quiet)
        }
        return MisbehavingUpstream(url: URL(string: "http://127.0.0.1:\(port)")!, state: state, server: server)
    }

    private static func answer(_ request: Request, mode: Mode) async throws -> Response {
        let key = request.uri.queryParameters["apiKey"].map(String.init) ?? ""
        switch mode {
        case .healthy: return json(body(for: request.uri.path, echo: nil))
        case .echoKey: return json(body(for: request.uri.path, echo: key))
        case .garbled:
            return Response(
                status: .ok, headers: [.contentType: "text/html"],
                body: .init(byteBuffer: ByteBuffer(string: "<html><body><h1>502 Bad Gateway</h1></body></html>")))
        case .hang:
            try await Task.sleep(for: .seconds(600))
            return json(body(for: request.uri.path, echo: nil))
        case .slow(let delay):
            try await Task.sleep(for: delay)
            return json(body(for: request.uri.path, echo: nil))
        case .rateLimited:
            return Response(
                status: .tooManyRequests, headers: [.contentType: "application/json", .retryAfter: "120"],
                body: .init(
                    byteBuffer: ByteBuffer(
                        string: #"{"status":"ERROR","error":"You've exceeded the maximum requests per minute."}"#)))
        case .oversized:
            let padding = String(repeating: " ", count: oversizeBytes)
            return json(#"{"status":"OK","results":{"ticker":"AAPL","name":"Apple Inc."\#(padding)}}"#)
        }
    }

    private static func json(_ text: String) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// AAPL's details, or a grouped-daily day holding AAPL alone; `echo` goes into the data.
    private static func body(for path: String, echo: String?) -> String {
        if path.hasPrefix("/v3/reference/tickers/") {
            let name = echo.map { "Apple \($0) Inc." } ?? "Apple Inc."
            return #"""
                {"status":"OK","request_id":"\#(echo ?? "r1")","results":{"ticker":"AAPL","name":"\#(name)","market":"stocks",\#
                "locale":"us","primary_exchange":"XNAS","active":true,"description":"Phones. \#(echo ?? "")"}}
                """#
        }
        // Grouped daily, any date: AAPL closed at 101.25 (t is that date's midnight in New York).
        let day = path.split(separator: "/").last.flatMap { MarketDate(iso: String($0)) } ?? MarketDate(iso: "2026-11-20")!
        let t = Int(NewYorkTime.date(of: day, hour: 0).timeIntervalSince1970 * 1000)
        return #"""
            {"status":"OK","adjusted":true,"queryCount":1,"resultsCount":1,"request_id":"\#(echo ?? "r2")",\#
            "results":[{"T":"AAPL","v":1000,"vw":101,"o":100.5,"c":101.25,"h":102,"l":99.5,"t":\#(t),"n":10}]}
            """#
    }
}
