import BourseCore
import Foundation
import Hummingbird
import Logging
import MarketData
import StandIns
import Storage

/// Where market data comes from: Polygon.io when `POLYGON_API_KEY` is set, else the embedded
/// simulated market, served on a loopback port and spoken to over HTTP by the same client.
public final class MarketSource: Sendable {
    public let service: MarketService
    public let client: PolygonClient
    /// The embedded stand-in, when there is no key.
    public let standIn: PolygonStandIn?
    private let standInTask: Task<Void, any Error>?

    private init(service: MarketService, client: PolygonClient, standIn: PolygonStandIn?, standInTask: Task<Void, any Error>?) {
        self.service = service
        self.client = client
        self.standIn = standIn
        self.standInTask = standInTask
    }

    /// The source `environment` asks for, caching every answer in `cache`.
    ///
    /// - Parameter simulatedRateLimit: requests per minute for the embedded market (nil: none).
    public static func start(
        environment: [String: String], cache: any ResponseCache, simulatedRateLimit: Int? = nil,
        logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> MarketSource {
        let calendar = TradingCalendar()
        let freshness = FreshnessPolicy.standard()
        var configuration = try PolygonConfiguration(environment: environment)
        if configuration.apiKey != nil {
            let client = PolygonClient(configuration: configuration, cache: cache, now: now, freshness: freshness, logger: logger)
            let service = MarketService(sourceName: "polygon", provider: client, calendar: calendar, now: now)
            return MarketSource(service: service, client: client, standIn: nil, standInTask: nil)
        }
        let standIn = PolygonStandIn(market: try SimulatedMarket.bundled(calendar: calendar), rateLimit: simulatedRateLimit, clock: now)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        // The embedded market is an implementation detail: only its failures are worth a line.
        var quiet = logger
        quiet.logLevel = .critical
        let application = standIn.makeApplication(host: "127.0.0.1", port: 0, logger: quiet) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let task = Task { try await application.run() }
        guard let port = await ports.first(where: { _ in true }) else {
            task.cancel()
            throw MarketDataError.unavailable("the embedded simulated market did not start")
        }
        logger.info("simulated market listening on 127.0.0.1:\(port)")
        configuration.baseURL = URL(string: "http://127.0.0.1:\(port)")!
        // Local and free: the client paces itself only when the stand-in is told to limit.
        configuration.requestsPerMinute = simulatedRateLimit ?? 6000
        let client = PolygonClient(configuration: configuration, cache: cache, now: now, freshness: freshness, logger: logger)
        let service = MarketService(sourceName: "simulated", provider: client, calendar: calendar, now: now)
        return MarketSource(service: service, client: client, standIn: standIn, standInTask: task)
    }

    /// Stops the embedded market, if one runs.
    public func stop() {
        standInTask?.cancel()
    }
}
