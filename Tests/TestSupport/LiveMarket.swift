import BourseApp
import BourseCore
import Foundation
import Hummingbird
import Logging
import MarketData
import MarketDataLive
import Metrics
import StandIns
import Storage

/// The real stack over loopback, as route tests build the app: the simulated market on a port
/// of its own, the Polygon client speaking HTTP to it, the response cache in a SQLite file, and
/// the app's router on top (`Application(router: live.router)`, then `app.test(.router)`).
public final class LiveMarket: Sendable {
    /// Friday 2026-11-20, 16:30 in New York: after the close.
    public static let fridayEvening = NewYorkTime.date(of: MarketDate(iso: "2026-11-20")!, hour: 16, minute: 30)

    public let now: TestNow
    public let standIn: PolygonStandIn
    public let market: SimulatedMarket
    public let service: Market
    public let baseURL: URL
    private let database: TemporaryDatabase
    /// Whether the market is priced from snapshots (Massive's paid tiers).
    public let snapshots: Bool
    private let server: Task<Void, any Error>

    /// The cache's database file.
    public var databasePath: String { database.path }

    /// The client records into `metrics` (its requests, limiter waits and cache results).
    /// - Parameter snapshots: price from the whole market's snapshot, as on Massive's paid tiers
    ///   (today's session while it runs), instead of grouped daily.
    public static func start(
        at date: Date = fridayEvening, snapshots: Bool = false, metrics: any MetricsFactory = NOOPMetricsHandler.instance
    ) async throws -> LiveMarket {
        try await LiveMarket(now: TestNow(date), snapshots: snapshots, metrics: metrics)
    }

    private init(now: TestNow, snapshots: Bool, metrics: any MetricsFactory) async throws {
        self.snapshots = snapshots
        self.now = now
        let market = try SimulatedMarket.bundled()
        let standIn = PolygonStandIn(market: market, clock: { now.date })
        self.market = market
        self.standIn = standIn
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let (port, server) = try await LoopbackServer.start { onRunning in
            standIn.makeApplication(host: "127.0.0.1", port: 0, logger: quiet, onServerRunning: onRunning)
        }
        self.server = server
        database = try TemporaryDatabase()
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        service = Self.makeService(
            baseURL: baseURL, database: database.database, now: now, snapshots: snapshots, metrics: metrics)
    }

    /// A new service over the same database file, as after a restart of the app.
    public func restartedService() throws -> Market {
        Self.makeService(
            baseURL: baseURL, database: try BourseDatabase(path: databasePath), now: now, snapshots: snapshots)
    }

    private static func makeService(
        baseURL: URL, database: BourseDatabase, now: TestNow, snapshots: Bool,
        metrics: any MetricsFactory = NOOPMetricsHandler.instance
    ) -> Market {
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let configuration = PolygonConfiguration(
            baseURL: baseURL, apiKey: nil, keyPlacement: .queryParameter, requestsPerMinute: 1000,
            retry: RetryPolicy(
                maxAttempts: 2, baseBackoff: .milliseconds(5), maxBackoff: .milliseconds(20), maxRateLimitWait: .seconds(1)))
        let client = PolygonClient(
            configuration: configuration, cache: DatabaseAnswerStore(database: database), now: { now.date }, logger: quiet,
            metrics: metrics)
        return Market(source: .simulated, provider: client, snapshots: snapshots, now: { now.date })
    }

    public var router: Router<AppRequestContext> { buildRouter(AppFeatures(market: service)) }

    /// Takes the source down: from now on every request to it fails, even on a connection the
    /// client keeps open from before (the stand-in answers 503, then its server stops).
    public func stopSource() async {
        standIn.isDown = true
        server.cancel()
        _ = await server.result
    }

    deinit {
        server.cancel()
    }
}
