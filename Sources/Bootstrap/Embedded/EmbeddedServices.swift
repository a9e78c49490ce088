import BourseCore
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import ServiceLifecycle
import StandIns

/// The stand-ins the app talks to for the sources that are not configured: the simulated
/// Polygon market, the GNB rates/transactions service and the exchange feed, on one loopback
/// port of their own (never on the app's router: the app's paths are its pages and API). The
/// app's clients speak HTTP and WebSocket to them exactly as they would to the real services.
/// Only the stand-ins asked for are built; with none asked for, nothing starts.
///
/// A `Service`: once the application runs it, the feed ticks; on graceful shutdown the feed
/// stops and the server closes.
public final class EmbeddedServices: Service, Sendable {
    /// Which stand-ins to run.
    public struct Parts: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let market = Parts(rawValue: 1 << 0)
        public static let gnb = Parts(rawValue: 1 << 1)
        public static let feed = Parts(rawValue: 1 << 2)
        public static let all: Parts = [.market, .gnb, .feed]
    }

    public let baseURL: URL
    /// The simulated market, when `.market` was asked for.
    public let polygon: PolygonStandIn?
    /// The GNB service, when `.gnb` was asked for.
    public let gnb: GNBStandIn?
    /// The sample set `gnb` serves.
    public let gnbData: GNBSampleSet
    /// The exchange feed, a WebSocket at `feedURL`, when `.feed` was asked for.
    public let feed: FeedStandIn?
    private let server: Task<Void, any Error>

    private init(
        baseURL: URL, polygon: PolygonStandIn?, gnb: GNBStandIn?, gnbData: GNBSampleSet, feed: FeedStandIn?,
        server: Task<Void, any Error>
    ) {
        self.baseURL = baseURL
        self.polygon = polygon
        self.gnb = gnb
        self.gnbData = gnbData
        self.feed = feed
        self.server = server
    }

    /// The GNB service's base URL (it serves `rates` and `transactions` under it):
    /// `http://127.0.0.1:PORT/standin/gnb`.
    public var gnbURL: URL {
        baseURL.appendingPathComponent(GNBStandIn.pathPrefix)
    }

    /// The exchange feed's WebSocket URL: `ws://127.0.0.1:PORT/feed`.
    public var feedURL: URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        components.scheme = "ws"
        components.path = "/feed"
        return components.url!
    }

    /// Starts the stand-ins in `parts` on 127.0.0.1 at a free port; nil when `parts` is empty.
    /// The feed does not tick until `run()`.
    ///
    /// - Parameters:
    ///   - gnbData: the GNB sample set to serve.
    ///   - polygonRateLimit: requests per minute for the simulated market (nil: none).
    ///   - feedSymbol: the stock the exchange feed simulates; it starts at the symbol's bundled
    ///     price level (or 100.00) until `FeedStandIn.restart(from:)` names another (`BourseServer.openFeed`).
    ///   - feedSeed: the feed simulator's seed (the same seed, the same market).
    ///   - feedTicksPerSecond: ticks the feed publishes per second.
    public static func start(
        _ parts: Parts = .all, gnbData: GNBSampleSet = .statement, polygonRateLimit: Int? = nil,
        feedSymbol: String = "AAPL", feedSeed: UInt64 = 1, feedTicksPerSecond: Double = 5,
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> EmbeddedServices? {
        guard !parts.isEmpty else { return nil }
        let polygon =
            parts.contains(.market)
            ? PolygonStandIn(market: try SimulatedMarket.bundled(), rateLimit: polygonRateLimit, clock: now) : nil
        let gnb = parts.contains(.gnb) ? try GNBStandIn.bundled(gnbData) : nil
        let feed =
            parts.contains(.feed)
            ? FeedStandIn.bundled(symbol: feedSymbol, seed: feedSeed, ticksPerSecond: feedTicksPerSecond, clock: now) : nil
        let router = Self.router(polygon: polygon, gnb: gnb, feed: feed)
        // An implementation detail of the app: only its failures are worth a log line.
        var quiet = Logger(label: "bourse.embedded")
        quiet.logLevel = .critical
        let started: (port: Int, task: Task<Void, any Error>)
        do {
            started = try await LoopbackServer.start { onRunning in
                Application(
                    router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
                    configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "bourse-embedded"),
                    onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
                    logger: quiet)
            }
        } catch {
            throw EmbeddedServicesError.didNotStart
        }
        let (port, server) = started
        return EmbeddedServices(
            baseURL: URL(string: "http://127.0.0.1:\(port)")!, polygon: polygon, gnb: gnb, gnbData: gnbData, feed: feed,
            server: server)
    }

    /// One router for the stand-ins given (HTTP and the feed's WebSocket): the embedded
    /// services' and `bourse sim`'s.
    static func router(
        polygon: PolygonStandIn?, gnb: GNBStandIn?, feed: FeedStandIn?
    ) -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        polygon?.addRoutes(to: router)
        gnb?.addRoutes(to: router)
        feed?.addRoutes(to: router)
        return router
    }

    /// Ticks the feed (if there is one) until graceful shutdown or cancellation, then closes the server.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await self.feed?.run()
            // Without a feed there is nothing to tick: wait for the end.
            if self.feed == nil { try? await gracefulShutdown() }
        }
        stop()
        _ = await server.result
    }

    /// Closes the server (the feed stops ticking when its task or `run()` ends).
    public func stop() {
        server.cancel()
    }
}

enum EmbeddedServicesError: Error, CustomStringConvertible {
    case didNotStart

    var description: String { "the embedded stand-in services did not start on a loopback port" }
}
