import Foundation
import Hummingbird
import StandIns
import Storage

/// `bourse serve`: the database, the sources and the web app, until SIGINT or SIGTERM.
public enum BourseServer {
    public struct Options: Sendable {
        public var host: String
        public var port: Int
        public var databasePath: String
        public var simulatedRateLimit: Int?
        public var gnbData: GNBSampleSet
        /// The embedded feed simulator's stock, rate and seed (unused with `BOURSE_FEED_URL`).
        public var feed: StandInServer.FeedOptions

        public init(
            host: String, port: Int, databasePath: String, simulatedRateLimit: Int?, gnbData: GNBSampleSet,
            feed: StandInServer.FeedOptions = .init()
        ) {
            self.host = host
            self.port = port
            self.databasePath = databasePath
            self.simulatedRateLimit = simulatedRateLimit
            self.gnbData = gnbData
            self.feed = feed
        }
    }

    public static func run(options: Options, environment: [String: String]) async throws {
        let logger = Log.make("bourse", environment: environment)
        let search = SearchService()  // starts indexing the listings now, in the background
        let database = try BourseDatabase(path: options.databasePath)
        let embedded = try await EmbeddedServices.start(
            gnbData: options.gnbData, polygonRateLimit: options.simulatedRateLimit, feedSymbol: options.feed.symbol,
            feedSeed: options.feed.seed, feedTicksPerSecond: options.feed.ticksPerSecond)
        defer { embedded.stop() }
        let market = try MarketSource.make(
            environment: environment, cache: DatabaseAnswerStore(database: database), embedded: embedded,
            simulatedRateLimit: options.simulatedRateLimit, logger: logger)
        let gnb = try GNBService.make(
            environment: environment, store: DatabaseAnswerStore(database: database), embedded: embedded, logger: logger)
        let feed = try ExchangeSource.feed(environment: environment, embeddedFeedURL: embedded.feedURL)
        let (desk, feedClient) = try ExchangeSource.start(
            store: DatabaseOrderStore(database: database), feedURL: feed.url, logger: logger)
        defer { feedClient.cancel() }
        let exchange = ExchangeService(desk: desk, source: feed.source, symbol: feed.source == "simulated" ? embedded.feed.simulator.symbol : nil)
        let label = market.sourceName == "simulated" ? "the simulated market" : "Polygon.io"
        let app = buildApplication(
            market: market, gnb: gnb, gnbService: embedded.gnb, search: search, exchange: exchange,
            host: options.host, port: options.port, logger: logger
        ) { port in
            logger.notice("Bourse is running at http://\(options.host):\(port) on \(label); database \(options.databasePath)")
        }
        try await app.runService()
    }
}
