import BourseApp
import Foundation
import Logging
import MarketsFeature
import ServiceLifecycle
import StandIns
import Storage

/// `bourse serve`: the database, the sources and the web app, until SIGINT or SIGTERM.
///
/// A stand-in starts only for a source the environment does not configure: with a Polygon key,
/// a feed URL and a GNB URL, the app's own port is the only one it opens. Everything
/// long-lived is a service of the application, so a signal shuts down in order: the server
/// stops accepting and finishes the requests in flight (each order committed and answered, or
/// not committed), then the feed client and the stand-ins stop, then the database closes.
/// Whatever is still running 4.5 s after the signal does not hold the process open: it exits
/// with status 0 then (`ShutdownDeadline`), having answered no order it had not committed.
public enum BourseServer {
    public struct Options: Sendable {
        public var host: String
        public var port: Int
        /// The SQLite file, or the PostgreSQL database (`--database-url`, SPEC §15).
        public var database: DatabaseLocation
        public var simulatedRateLimit: Int?
        public var gnbData: GNBSampleSet
        /// The embedded feed simulator's stock, rate and seed (unused with `BOURSE_FEED_URL`).
        public var feed: StandInServer.FeedOptions
        /// Serve without sign-in even on a network address (`--no-auth`).
        public var noAuth: Bool = false
        /// A session unused this long ends (`--session-idle-minutes`; 14 days).
        public var sessionIdleMinutes: Int = 14 * 24 * 60
        /// Allowed hosts, trusted proxies, the certificate and the connection timeouts.
        public var network = NetworkOptions()

        public init(
            host: String, port: Int, database: DatabaseLocation, simulatedRateLimit: Int?, gnbData: GNBSampleSet,
            feed: StandInServer.FeedOptions = .init()
        ) {
            self.host = host
            self.port = port
            self.database = database
            self.simulatedRateLimit = simulatedRateLimit
            self.gnbData = gnbData
            self.feed = feed
        }
    }

    /// How long a graceful shutdown may take before what is left is cancelled.
    static let shutdownDeadline = Duration.seconds(3)
    /// From the signal to the end of the process, whatever still runs (`ShutdownDeadline`).
    static let exitDeadline = Duration.milliseconds(4500)

    public static func run(options: Options, environment: [String: String]) async throws {
        let heap = HeapSettings.apply(environment: environment)
        let logger = Log.make("bourse", environment: environment)
        if !heap.isEmpty { logger.debug("allocator set", metadata: ["settings": "\(heap.joined(separator: ", "))"]) }
        let network = try options.network.settings(host: options.host, environment: environment)
        let settings = try Settings(environment: environment, port: options.port)
        let search = ListingSearch()  // starts indexing the listings now, in the background
        let database = try await DatabaseStores.open(options.database, logger: logger)
        let metrics = PrometheusMetrics.make()
        let parts = try await makeFeatures(
            options: options, settings: settings, search: search, database: database, metrics: metrics, logger: logger)
        let running = RunningServices()
        let services = running.tracking(
            makeServices(parts, settings: settings.sources, database: database, metrics: metrics, logger: logger))
        let label = settings.sources.marketKind == .simulated ? "the simulated market" : "Massive (formerly Polygon.io)"
        let scheme = network.tls ? "https" : "http"
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        let app = try buildApplication(
            parts.features, services: services, network: network, port: options.port, logger: logger
        ) { port in
            logger.notice("Bourse is running at \(scheme)://\(host):\(port) on \(label); database \(options.database)")
        }
        let deadline = ShutdownDeadline(limit: exitDeadline, services: running, logger: logger)
        var configuration = ServiceGroupConfiguration(
            services: [running.tracking(app, as: "the web server"), deadline], gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger)
        configuration.maximumGracefulShutdownDuration = shutdownDeadline
        try await ServiceGroup(configuration: configuration).run()
        logger.notice("Bourse stopped")
    }
}
