import Accounts
import AlertsFeature
import BourseApp
import BourseCore
import Exchange
import ExchangeCluster
import ExchangeFeature
import ExchangeLive
import Foundation
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

extension BourseServer {
    /// The app's features, and the live pieces behind them that run as services.
    struct Parts {
        let features: AppFeatures
        /// The stand-ins started for the sources the environment does not configure.
        let embedded: EmbeddedServices?
        /// The market's first prices, asked for before anything else.
        let warmUp: Task<[String: Quote]?, Never>
        let market: Market
        let search: ListingSearch
        let watchlist: StoredWatchlist
        let alerts: PriceAlerts
        let notifier: Notifier
        let deliverer: PushDeliverer
        let exchange: ExchangeVenue
        let desk: DeskRole
    }

    /// Who runs the desk: this instance alone (SQLite), or whichever instance on the shared
    /// PostgreSQL database holds its lock (SPEC §15).
    enum DeskRole {
        /// The desk, and the feed client's and its services, in the order they start.
        case alone(TradingDesk, services: [any Service])
        /// What this instance serves (the desk's inbox and its updates), and how the desk and its
        /// services are made whenever this instance takes it.
        case shared(
            ClusterDesk, link: any DeskLink, makeDesk: @Sendable () async throws -> (desk: TradingDesk, services: [any Service]))
    }

    /// Starts the stand-ins the settings need and builds every feature on `database`, each with
    /// the live client for its source; the simulated feed opens at the market's last close.
    static func makeFeatures(
        options: Options, settings: Settings, search: ListingSearch, database: DatabaseStores, metrics: AppMetrics,
        logger: Logger
    ) async throws -> Parts {
        let sources = settings.sources
        let now = settings.now
        let accounts = try await signIn(options: options, database: database, logger: logger)
        let embedded = try await EmbeddedServices.start(
            sources.standIns(), gnbData: options.gnbData, polygonRateLimit: options.simulatedRateLimit,
            feedSymbol: options.feed.symbol, feedSeed: options.feed.seed, feedTicksPerSecond: options.feed.ticksPerSecond,
            now: now)
        let market = try MarketSource.make(
            settings: sources, cache: database.answers, sends: database.sends, embedded: embedded,
            simulatedRateLimit: options.simulatedRateLimit, servingPages: true, logger: logger, metrics: metrics.factory,
            now: now)
        let gnb = try GNBCatalogSource.make(
            settings: sources, store: database.answers, embedded: embedded, logger: logger, now: now)
        // The list's prices first: before the feed opens and before any background work.
        let feedSymbol = embedded?.feed?.simulator.symbol
        let warmUp = MarketSource.warmUp(market, symbols: feedSymbol.map { [$0] } ?? [])
        if let feed = embedded?.feed {
            if sources.marketKind == .simulated {
                openFeed(feed, at: await warmUp.value, logger: logger)
            } else {
                // A real source may take seconds (or a rate-limit wait): the app listens at once,
                // and the feed moves to the stock's last close when it comes.
                Task { openFeed(feed, at: await warmUp.value, logger: logger) }
            }
        }

        // The stand-ins include the feed whenever BOURSE_FEED_URL is unset (`standIns()`).
        guard let feedURL = sources.feedURL ?? embedded?.feedURL else {
            throw SettingError(
                "BOURSE_FEED_URL", problem: "unset, and the embedded feed did not start",
                fix: "set it to the feed's WebSocket URL, e.g. ws://127.0.0.1:8081/feed")
        }
        // A provider's stream is subscribed to --feed-symbol; the embedded one simulates it.
        let dialect = sources.feed?.dialect(symbol: options.feed.symbol.uppercased())
        let makeDesk: @Sendable () async throws -> (desk: TradingDesk, services: [any Service]) = {
            try await ExchangeSource.make(
                store: database.orders, startingCash: settings.startingCash, feedURL: feedURL, dialect: dialect,
                configuration: sources.feed?.clientConfiguration ?? .init(), marketHours: sources.marketHours,
                logger: logger, metrics: metrics.factory, now: now)
        }
        let notices = database.notifications
        let deliverer = PushDeliverer(
            store: notices,
            sender: PushSender(
                transport: AsyncHTTPClientTransport(client: AsyncHTTPClientTransport.noRedirectClient, timeout: .seconds(10)),
                contact: settings.pushContact, policy: settings.pushEndpoints),
            logger: logger)
        let role: DeskRole
        let desk: any ExchangeDesk
        var instance = InstanceRole.alone(settings.instance)
        if let shared = database.desk {
            let cluster = ClusterDesk(
                instance: settings.instance, link: shared.link, inbox: shared.inbox, store: database.orders,
                startingCash: settings.startingCash, market: sources.marketHours.status(at: now()), logger: logger,
                onPushQueued: { deliverer.wake() })
            role = .shared(cluster, link: shared.link, makeDesk: makeDesk)
            desk = cluster
            instance = InstanceRole(name: settings.instance) {
                // The database says who holds the lock; without it, the desk's last word.
                do { return try await shared.link.deskHolder() } catch { return cluster.deskHolder }
            }
        } else {
            let (alone, services) = try await makeDesk()
            role = .alone(alone, services: services)
            desk = alone
        }
        let exchange = ExchangeVenue(
            desk: desk, source: sources.feedKind, symbol: feedSymbol ?? dialect?.symbol,
            sourceLabel: sources.feed?.label, confirmOrdersAbove: settings.confirmOrdersAbove)
        let watchlist = StoredWatchlist(store: database.watchlists, market: market, listings: search)
        // The notices (the bell) and their Web Push queue, sent on its own task (docs/notifications.md);
        // on a shared database by the desk's instance, told of every push queued on any other.
        let notifier = Notifier(
            store: notices,
            wake: {
                deliverer.wake()
                if case .shared(let cluster, _, _) = role { cluster.pushQueued() }
            }, logger: logger)
        // Every pricing a list or a stock is made from is checked against the alerts (docs/alerts.md).
        let alerts = PriceAlerts(
            store: database.alerts, listings: search, notifier: notifier,
            now: now, logger: logger)
        market.pricingObservers.add { pricing in Task { await alerts.observe(pricing) } }
        // The leaderboard ranks the desk's accounts; whether members see it is the owner's setting.
        let leaderboard = ExchangeLeaderboard(desk: desk, settings: database.settings)
        let features = AppFeatures(
            market: market, search: search, gnb: gnb, exchange: exchange, watchlist: watchlist, alerts: alerts,
            notifier: notifier, accounts: accounts, leaderboard: leaderboard, metrics: metrics, deployID: settings.deployID,
            pushEndpoints: settings.pushEndpoints, instance: instance)
        return Parts(
            features: features, embedded: embedded, warmUp: warmUp, market: market, search: search, watchlist: watchlist,
            alerts: alerts, notifier: notifier, deliverer: deliverer, exchange: exchange, desk: role)
    }

    /// The owner's account as `SignInRule` says: nil (sign-in off) with `--no-auth`; a
    /// `CommandFailure` (exit 64) on a network address without a password.
    static func signIn(options: Options, database: DatabaseStores, logger: Logger) async throws -> AccountService? {
        let accounts = AccountService(
            store: database.accounts,
            settings: .init(sessionIdleTimeout: TimeInterval(options.sessionIdleMinutes) * 60))
        switch SignInRule.decide(
            host: options.host, passwordSet: try await accounts.signInRequired(), noAuth: options.noAuth)
        {
        case .refuse:
            try? await database.close()
            throw CommandFailure(
                message: SignInRule.refusal(host: options.host, database: options.database), exitCode: 64)
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
