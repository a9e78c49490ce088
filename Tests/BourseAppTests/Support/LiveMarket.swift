import BourseCore
import Foundation
import Hummingbird
import Logging
import MarketData
import MarketDataLive
import Metrics
import StandIns
import Storage
import Synchronization

@testable import BourseApp

/// A clock the test moves by hand.
final class TestNow: Sendable {
    private let value: Mutex<Date>
    init(_ date: Date) { value = Mutex(date) }
    var date: Date { value.withLock { $0 } }
    func set(_ date: Date) { value.withLock { $0 = date } }
}

/// The real stack over loopback: the simulated market on a port of its own, the Polygon client
/// speaking HTTP to it, the response cache in a SQLite file, and the app's router on top.
final class LiveMarket: Sendable {
    /// Friday 2026-11-20, 16:30 in New York: after the close.
    static let fridayEvening = NewYorkTime.date(of: MarketDate(iso: "2026-11-20")!, hour: 16, minute: 30)

    let now: TestNow
    let standIn: PolygonStandIn
    let market: SimulatedMarket
    let service: Market
    let databasePath: String
    let baseURL: URL
    private let server: Task<Void, any Error>
    private let directory: URL

    /// The client records into `metrics` (its requests, limiter waits and cache results).
    static func start(
        at date: Date = fridayEvening, metrics: any MetricsFactory = NOOPMetricsHandler.instance
    ) async throws -> LiveMarket {
        try await LiveMarket(now: TestNow(date), metrics: metrics)
    }

    private init(now: TestNow, metrics: any MetricsFactory) async throws {
        self.now = now
        market = try SimulatedMarket.bundled()
        standIn = PolygonStandIn(market: market, clock: { now.date })
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = standIn.makeApplication(host: "127.0.0.1", port: 0, logger: quiet) { port in
            continuation.yield(port)
            continuation.finish()
        }
        server = Task { try await application.run() }
        guard let port = await ports.first(where: { _ in true }) else { throw CancellationError() }

        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-test-\(UUID().uuidString)")
        databasePath = directory.appendingPathComponent("bourse.sqlite").path
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        service = try Self.makeService(baseURL: baseURL, databasePath: databasePath, now: now, metrics: metrics)
    }

    /// A new service over the same database file, as after a restart of the app.
    func restartedService() throws -> Market {
        try Self.makeService(baseURL: baseURL, databasePath: databasePath, now: now)
    }

    private static func makeService(
        baseURL: URL, databasePath: String, now: TestNow, metrics: any MetricsFactory = NOOPMetricsHandler.instance
    ) throws -> Market {
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let configuration = PolygonConfiguration(
            baseURL: baseURL, apiKey: nil, keyPlacement: .queryParameter, requestsPerMinute: 1000,
            retry: RetryPolicy(
                maxAttempts: 2, baseBackoff: .milliseconds(5), maxBackoff: .milliseconds(20), maxRateLimitWait: .seconds(1)))
        let client = PolygonClient(
            configuration: configuration, cache: DatabaseAnswerStore(database: try BourseDatabase(path: databasePath)),
            now: { now.date }, logger: quiet, metrics: metrics)
        return Market(source: .simulated, provider: client, now: { now.date })
    }

    var router: Router<AppRequestContext> { buildRouter(market: service) }

    /// Takes the source down: from now on every request to it is refused.
    func stopSource() async {
        server.cancel()
        _ = await server.result
    }

    deinit {
        server.cancel()
        try? FileManager.default.removeItem(at: directory)
    }
}
