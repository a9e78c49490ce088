import Hummingbird
import HummingbirdWebSocket
import StandIns

/// `bourse sim`: the stand-in services alone: the simulated Polygon market at `/v2/...` and
/// `/v3/...`, the GNB service at `/standin/gnb/rates` and `/standin/gnb/transactions` (its base
/// URL, for `BOURSE_GNB_URL`, is `/standin/gnb`), and the exchange feed, a WebSocket at `/feed`,
/// also spoken as Alpaca's stream (`/v2/iex`, `/v2/sip`) and Massive's (`/stocks`).
public enum StandInServer {
    /// The exchange feed's settings, and the credentials its Alpaca and Massive streams accept
    /// (nil: any non-empty value; never logged).
    public struct FeedOptions: Sendable {
        public var symbol: String
        public var ticksPerSecond: Double
        public var seed: UInt64
        public var alpacaKey: String?
        public var alpacaSecret: String?
        public var massiveKey: String?

        public init(
            symbol: String = "AAPL", ticksPerSecond: Double = 5, seed: UInt64 = 1, alpacaKey: String? = nil,
            alpacaSecret: String? = nil, massiveKey: String? = nil
        ) {
            self.symbol = symbol
            self.ticksPerSecond = ticksPerSecond
            self.seed = seed
            self.alpacaKey = alpacaKey
            self.alpacaSecret = alpacaSecret
            self.massiveKey = massiveKey
        }
    }

    /// The simulated market's behaviour as a Massive account: its plan, slow paths and request log.
    public struct MarketOptions: Sendable {
        public var rateLimit: Int?
        public var tier: PolygonTier
        public var delays: [PathDelay]
        /// A file to append a line to for every market request (`RequestLog`).
        public var requestLogPath: String?

        public init(
            rateLimit: Int? = nil, tier: PolygonTier = .paid, delays: [PathDelay] = [], requestLogPath: String? = nil
        ) {
            self.rateLimit = rateLimit
            self.tier = tier
            self.delays = delays
            self.requestLogPath = requestLogPath
        }
    }

    public static func run(
        host: String, port: Int, market marketOptions: MarketOptions, gnbData: GNBSampleSet,
        feed feedOptions: FeedOptions = FeedOptions(), environment: [String: String] = [:]
    ) async throws {
        let logger = Log.make("bourse.sim", environment: [:])
        let now = try ClockSetting.read(environment)
        let rateLimit = marketOptions.rateLimit
        let requestLog = try marketOptions.requestLogPath.map { path throws(RequestLogError) in try RequestLog(path: path) }
        let polygon = PolygonStandIn(
            market: try SimulatedMarket.bundled(), rateLimit: rateLimit, tier: marketOptions.tier,
            delays: marketOptions.delays, requestLog: requestLog, clock: now)
        let gnb = try GNBStandIn.bundled(gnbData)
        let access = ProviderAccess(
            alpacaKey: feedOptions.alpacaKey, alpacaSecret: feedOptions.alpacaSecret, massiveKey: feedOptions.massiveKey,
            tier: marketOptions.tier)
        let feed = FeedStandIn.bundled(
            symbol: feedOptions.symbol, seed: feedOptions.seed, ticksPerSecond: feedOptions.ticksPerSecond,
            providerAccess: access, clock: now)
        let router = EmbeddedServices.router(polygon: polygon, gnb: gnb, feed: feed)
        var behaviour = [rateLimit.map { "\($0) requests/minute" } ?? "no rate limit", "\(marketOptions.tier.rawValue) tier"]
        behaviour += marketOptions.delays.map { "answers under \($0.prefix) \($0.delay) late" }
        if let requestLog { behaviour.append("requests logged to \(requestLog.path)") }
        let summary = behaviour.joined(separator: ", ")
        let market = feed.simulator
        let app = Application(
            router: router, server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: .init(address: .hostname(host, port: port), serverName: "bourse-sim"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                logger.notice("Stand-ins at http://\(host):\(bound): simulated Polygon market (\(summary))")
                logger.notice(
                    "GNB service at http://\(host):\(bound)/\(GNBStandIn.pathPrefix) (rates, transactions; \(gnbData.rawValue) data)"
                )
                logger.notice(
                    "Exchange feed at ws://\(host):\(bound)/feed: \(market.symbol) from \(market.startPrice), \(feed.ticksPerSecond) ticks/s, seed \(market.seed)"
                )
                // Which credentials are accepted is never logged, only whether the plan refuses.
                let refused = access.tier == .free ? " (refused on the free tier)" : ""
                logger.notice(
                    "The same market as Alpaca at ws://\(host):\(bound)/v2/iex and /v2/sip\(refused), as Massive at ws://\(host):\(bound)/stocks\(refused)"
                )
            },
            logger: logger)
        let ticking = feed.start()
        defer { ticking.cancel() }
        try await app.runService()
    }
}
