import BourseCore
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import StandIns

/// The stand-in services the app talks to when no real source is configured: the simulated
/// Polygon market, the GNB rates/transactions service and the exchange feed, on one loopback
/// port. The app's clients speak HTTP and WebSocket to them exactly as they would to the real
/// services.
public final class EmbeddedServices: Sendable {
    public let baseURL: URL
    public let polygon: PolygonStandIn
    public let gnb: GNBStandIn
    /// The sample set `gnb` serves.
    public let gnbData: GNBSampleSet
    /// The exchange feed, a WebSocket at `feedURL`.
    public let feed: FeedStandIn
    private let server: Task<Void, any Error>
    private let market: Task<Void, Never>

    private init(
        baseURL: URL, polygon: PolygonStandIn, gnb: GNBStandIn, gnbData: GNBSampleSet, feed: FeedStandIn,
        server: Task<Void, any Error>, market: Task<Void, Never>
    ) {
        self.baseURL = baseURL
        self.polygon = polygon
        self.gnb = gnb
        self.gnbData = gnbData
        self.feed = feed
        self.server = server
        self.market = market
    }

    /// The exchange feed's WebSocket URL: `ws://127.0.0.1:PORT/feed`.
    public var feedURL: URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        components.scheme = "ws"
        components.path = "/feed"
        return components.url!
    }

    /// Starts the stand-ins on 127.0.0.1 at a free port, and the feed's market.
    ///
    /// - Parameters:
    ///   - gnbData: the GNB sample set to serve.
    ///   - polygonRateLimit: requests per minute for the simulated market (nil: none).
    ///   - feedSymbol: the stock the exchange feed simulates; it starts at the symbol's bundled
    ///     price level, or 100.00 for a symbol without one.
    ///   - feedSeed: the feed simulator's seed (the same seed, the same market).
    ///   - feedTicksPerSecond: ticks the feed publishes per second.
    public static func start(
        gnbData: GNBSampleSet = .statement, polygonRateLimit: Int? = nil,
        feedSymbol: String = "AAPL", feedSeed: UInt64 = 1, feedTicksPerSecond: Double = 5,
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> EmbeddedServices {
        let polygon = PolygonStandIn(market: try SimulatedMarket.bundled(), rateLimit: polygonRateLimit, clock: now)
        let gnb = try GNBStandIn.bundled(gnbData)
        let feed = FeedStandIn.bundled(symbol: feedSymbol, seed: feedSeed, ticksPerSecond: feedTicksPerSecond, clock: now)
        let router = Router(context: BasicRequestContext.self)
        polygon.addRoutes(to: router)
        gnb.addRoutes(to: router)
        let webSocketRouter = Router(context: BasicWebSocketRequestContext.self)
        feed.addRoutes(to: webSocketRouter)
        // An implementation detail of the app: only its failures are worth a log line.
        var quiet = Logger(label: "bourse.embedded")
        quiet.logLevel = .critical
        let (port, server) = try await LoopbackServer.start { onRunning in
            Application(
                router: router, server: .http1WebSocketUpgrade(webSocketRouter: webSocketRouter),
                configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "bourse-embedded"),
                onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
                logger: quiet)
        }
        return EmbeddedServices(
            baseURL: URL(string: "http://127.0.0.1:\(port)")!, polygon: polygon, gnb: gnb, gnbData: gnbData, feed: feed,
            server: server, market: feed.start())
    }

    /// Stops the server and the feed's market.
    public func stop() {
        market.cancel()
        server.cancel()
    }
}

enum EmbeddedServicesError: Error, CustomStringConvertible {
    case didNotStart

    var description: String { "the embedded stand-in services did not start on a loopback port" }
}
