import Accounts
import AlertsFeature
import BourseApp
import BourseCore
import Exchange
import ExchangeFeature
import Foundation
import Hummingbird
import Logging
import MarketData
import MarketsFeature
import Networking
import NotificationsFeature
import PushDelivery
import ServiceLifecycle
import StandIns
import Storage
import WatchlistFeature
import WebPush

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
        public var databasePath: String
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

    /// How long a graceful shutdown may take before what is left is cancelled.
    static let shutdownDeadline = Duration.seconds(3)
    /// From the signal to the end of the process, whatever still runs (`ShutdownDeadline`).
    static let exitDeadline = Duration.milliseconds(4500)

    public static func run(options: Options, environment: [String: String]) async throws {
        let heap = HeapSettings.apply(environment: environment)
        let logger = Log.make("bourse", environment: environment)
        if !heap.isEmpty { logger.debug("allocator set", metadata: ["settings": "\(heap.joined(separator: ", "))"]) }
        let network = try options.network.settings(host: options.host, environment: environment)
        let settings = try SourceSettings(environment: environment)
        let now = try ClockSetting.read(environment)
        let search = ListingSearch()  // starts indexing the listings now, in the background
        let database = try BourseDatabase(path: options.databasePath)
        let accounts = try await signIn(options: options, database: database, logger: logger)
        let metrics = PrometheusMetrics.make()
        let embedded = try await EmbeddedServices.start(
            settings.standIns(), gnbData: options.gnbData, polygonRateLimit: options.simulatedRateLimit,
            feedSymbol: options.feed.symbol, feedSeed: options.feed.seed, feedTicksPerSecond: options.feed.ticksPerSecond,
            now: now)
        let market = try MarketSource.make(
            settings: settings, cache: DatabaseAnswerStore(database: database), embedded: embedded,
            simulatedRateLimit: options.simulatedRateLimit, servingPages: true, logger: logger, metrics: metrics.factory,
            now: now)
        let gnb = try GNBCatalogSource.make(
            settings: settings, store: DatabaseAnswerStore(database: database), embedded: embedded, logger: logger, now: now)
        // The list's prices first: before the feed opens and before any background work.
        let feedSymbol = embedded?.feed?.simulator.symbol
        let warmUp = MarketSource.warmUp(market, symbols: feedSymbol.map { [$0] } ?? [])
        if let feed = embedded?.feed {
            if settings.marketKind == .simulated {
                openFeed(feed, at: await warmUp.value, logger: logger)
            } else {
                // A real source may take seconds (or a rate-limit wait): the app listens at once,
                // and the feed moves to the stock's last close when it comes.
                Task { openFeed(feed, at: await warmUp.value, logger: logger) }
            }
        }

        let feedURL = settings.feedURL ?? embedded!.feedURL
        // A provider's stream is subscribed to --feed-symbol; the embedded one simulates it.
        let dialect = settings.feed?.dialect(symbol: options.feed.symbol.uppercased())
        let (desk, exchangeServices) = try await ExchangeSource.make(
            store: DatabaseOrderStore(database: database), feedURL: feedURL, dialect: dialect,
            configuration: settings.feed?.clientConfiguration ?? .init(), marketHours: settings.marketHours, logger: logger,
            metrics: metrics.factory, now: now)
        let exchange = ExchangeVenue(
            desk: desk, source: settings.feedKind, symbol: embedded?.feed?.simulator.symbol ?? dialect?.symbol,
            sourceLabel: settings.feed?.label, confirmOrdersAbove: try ConfirmOrdersSetting.read(environment))
        let watchlist = StoredWatchlist(store: DatabaseWatchlistStore(database: database), market: market, listings: search)
        // The notices (the bell) and their Web Push queue, sent on its own task (docs/notifications.md).
        let contact = environment["BOURSE_PUSH_CONTACT"] ?? PushSender.defaultContact
        guard VAPID.isSubject(contact) else {
            throw CommandFailure(
                message: "BOURSE_PUSH_CONTACT must be a mailto: address or an https: URL (the push services' contact)",
                exitCode: 64)
        }
        let notices = DatabaseNotificationStore(database: database)
        let deliverer = PushDeliverer(
            store: notices,
            sender: PushSender(
                transport: AsyncHTTPClientTransport(client: AsyncHTTPClientTransport.noRedirectClient, timeout: .seconds(10)),
                contact: contact),
            logger: logger)
        let notifier = Notifier(store: notices, wake: { deliverer.wake() }, logger: logger)
        // Every pricing a list or a stock is made from is checked against the alerts (docs/alerts.md).
        let alerts = PriceAlerts(
            store: DatabaseAlertStore(database: database), listings: search, notifier: notifier,
            now: now, logger: logger)
        market.pricingObservers.add { pricing in Task { await alerts.observe(pricing) } }
        var features = AppFeatures(
            market: market, search: search, gnb: gnb, exchange: exchange, accounts: accounts, watchlist: watchlist)
        features.deployID = environment["BOURSE_DEPLOY_ID"]
        features.metrics = metrics
        features.alerts = alerts
        features.notifier = notifier

        // Registered first, shut down last (the server itself goes before all of them): on a
        // signal the server stops, then the desk's broadcaster and the desk (it answers the
        // orders it took), the feed client, the stand-ins, and last the database closes.
        var services: [any Service] = [OnShutdown(name: "database") { try database.close() }]
        if let embedded { services.append(embedded) }
        if settings.marketKind == .polygon {
            // Listings newer than the shipped files, learned as background work (docs/market-data.md).
            services.append(
                ListingsRefreshService(
                    refresh: ListingsRefresh(market: market, search: search, logger: logger),
                    after: { _ = await warmUp.value }))
        }
        services += exchangeServices
        // After the desk: stopped before it (services stop in the reverse order).
        services.append(
            PriceAlertsService(
                alerts: alerts, refresh: PriceRefresh(alerts: alerts, market: market, watchlist: watchlist), desk: desk))
        services.append(NotificationsService(notifier: notifier, deliverer: deliverer, desk: desk, symbol: exchange.symbol))
        // The allocator's gauges, and its free memory handed back to the kernel (glibc only).
        if HeapUsage.now() != nil { services.append(HeapService(factory: metrics.factory)) }
        let running = RunningServices()
        services = running.tracking(services)
        let label = settings.marketKind == .simulated ? "the simulated market" : "Massive (formerly Polygon.io)"
        let scheme = network.tls ? "https" : "http"
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        let app = try buildApplication(
            features, services: services, network: network, port: options.port, logger: logger
        ) { port in
            logger.notice("Bourse is running at \(scheme)://\(host):\(port) on \(label); database \(options.databasePath)")
        }
        let deadline = ShutdownDeadline(limit: exitDeadline, services: running, logger: logger)
        var configuration = ServiceGroupConfiguration(
            services: [running.tracking(app, as: "the web server"), deadline], gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger)
        configuration.maximumGracefulShutdownDuration = shutdownDeadline
        try await ServiceGroup(configuration: configuration).run()
        logger.notice("Bourse stopped")
    }

    /// The owner's account as `SignInRule` says: nil (sign-in off) with `--no-auth`; a
    /// `CommandFailure` (exit 64) on a network address without a password.
    static func signIn(options: Options, database: BourseDatabase, logger: Logger) async throws -> AccountService? {
        let accounts = AccountService(
            store: DatabaseAccountStore(database: database),
            settings: .init(sessionIdleTimeout: TimeInterval(options.sessionIdleMinutes) * 60))
        switch SignInRule.decide(
            host: options.host, passwordSet: try await accounts.signInRequired(), noAuth: options.noAuth)
        {
        case .refuse:
            try? database.close()
            throw CommandFailure(
                message: SignInRule.refusal(host: options.host, databasePath: options.databasePath), exitCode: 64)
        case .offOnTheNetwork:
            logger.warning("\(SignInRule.noAuthWarning(host: options.host))")
            return nil
        case .off where options.noAuth:
            return nil
        case .on, .off:
            try await accounts.endIdleSessions()
            return accounts
        }
    }

    /// One price per stock: the simulated feed opens at the market's last close of its symbol,
    /// so `/exchange` and `/stocks/{symbol}` agree when the app starts. Without a quote (a
    /// symbol the market does not list, a source that did not answer) it keeps its bundled level.
    static func openFeed(_ feed: FeedStandIn, at quotes: [String: Quote]?, logger: Logger) {
        let symbol = feed.simulator.symbol
        guard let quotes else {
            return logger.warning("the simulated feed starts from \(symbol)'s bundled price: the market did not answer")
        }
        guard let price = quotes[symbol]?.price,
            let start = try? Price(price.rounded(toPlaces: Price.places, .halfEven)), start.ticks > 0
        else { return }
        feed.restart(from: start)
    }
}
