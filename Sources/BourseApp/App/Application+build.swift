import Accounts
import AlertsFeature
import BourseCore
import ExchangeFeature
import GNBFeature
import Hummingbird
import HummingbirdWebSocket
import Logging
import MarketData
import MarketsFeature
import NotificationsFeature
import ServiceLifecycle
import WatchlistFeature
import WebPush

/// What the web app serves: the market always, each other feature when it is given.
public struct AppFeatures: Sendable {
    public let market: Market
    /// The listings behind search and behind the stock page's 404 (none: no search, and every
    /// well-formed symbol gets its page).
    public let search: ListingSearch?
    /// The GNB data behind `/api/v1/gnb/...` and `/gnb` (none: absent).
    public let gnb: GNBCatalog?
    /// The live exchange behind `/api/v1/orders`, `/book`, `/position`, `/exchange` and its socket.
    public let exchange: ExchangeVenue?
    /// The user's own stocks (`/api/v1/watchlist`, the home screen), when there is a store for them.
    public let watchlist: StoredWatchlist?
    /// The price alerts (`/api/v1/alerts`), when there is a store for them.
    public let alerts: PriceAlerts?
    /// The notices (the bell) and Web Push (`/api/v1/notifications`, `/api/v1/push/...`).
    public let notifier: Notifier?
    /// The accounts: sign-in, sessions, API tokens and people (none: sign-in is off, `--no-auth`).
    public let accounts: AccountService?
    /// The leaderboard (`/leaderboard`, `/api/v1/leaderboard`), served with the accounts (none: absent).
    public let leaderboard: ExchangeLeaderboard?
    /// What the app records, shown at `/metrics` (none: nothing recorded, no `/metrics`).
    public let metrics: AppMetrics?
    /// The deploy's name (`BOURSE_DEPLOY_ID`): a new one makes installed apps update.
    public let deployID: String?
    /// Where a device's push subscription may point (`BOURSE_PUSH_ALLOW_PRIVATE`).
    public let pushEndpoints: PushEndpointPolicy
    /// Routes added as they are, beside the features' (the tests' probes).
    public let external: [any FeatureController]
    /// This instance's name and which instance holds the desk (`/api/v1/health`).
    public let instance: InstanceRole

    /// Every feature the app serves; each left out (nil) is absent from the routes.
    public init(
        market: Market, search: ListingSearch? = nil, gnb: GNBCatalog? = nil, exchange: ExchangeVenue? = nil,
        watchlist: StoredWatchlist? = nil, alerts: PriceAlerts? = nil, notifier: Notifier? = nil,
        accounts: AccountService? = nil, leaderboard: ExchangeLeaderboard? = nil, metrics: AppMetrics? = nil,
        deployID: String? = nil, pushEndpoints: PushEndpointPolicy = .publicOnly, external: [any FeatureController] = [],
        instance: InstanceRole = .alone("bourse")
    ) {
        self.market = market
        self.search = search
        self.gnb = gnb
        self.exchange = exchange
        self.watchlist = watchlist
        self.alerts = alerts
        self.notifier = notifier
        self.accounts = accounts
        self.leaderboard = leaderboard
        self.metrics = metrics
        self.deployID = deployID
        self.pushEndpoints = pushEndpoints
        self.external = external
        self.instance = instance
    }
}

/// The router: every feature's controller adds its API routes (under `/api/v1`), its pages and
/// its socket, the same way; errors become HTTP in `ErrorMiddleware` alone. First what the
/// connection is (`ConnectionMiddleware`), then the headers every answer carries. Outside them
/// all, each request is counted and timed when there are `metrics`.
public func buildRouter(_ features: AppFeatures, network: NetworkSettings = NetworkSettings()) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    if let metrics = features.metrics { router.add(middleware: RequestMetricsMiddleware(factory: metrics.factory)) }
    router.add(middleware: ConnectionMiddleware(network))
    router.add(middleware: SourceCallerMiddleware())
    router.add(middleware: SecurityHeadersMiddleware())
    let routes = RouteMethods()
    router.add(middleware: ErrorMiddleware(routes: routes))
    router.add(middleware: PageNotFoundMiddleware(sourceLabel: features.market.source.marketLabel))
    if let accounts = features.accounts { router.add(middleware: SignInMiddleware(accounts: accounts, routes: routes)) }
    // The leaderboard ranks the people, so it comes with the accounts (none with --no-auth).
    let leaderboard = features.accounts.flatMap { accounts in
        features.leaderboard.map { LeaderboardController(leaderboard: $0, accounts: accounts) }
    }
    if let leaderboard { router.add(middleware: LeaderboardLinkMiddleware(leaderboard: leaderboard.leaderboard)) }
    // One lookup for every route that takes a symbol: a symbol learned or found unknown is so for all.
    let lookup = ListingLookup(listings: features.search, market: features.market)
    let controllers: [(any FeatureController)?] = [
        HealthController(source: features.market.source, instance: features.instance),
        APIContractController(),
        MarketsController(
            market: features.market, listings: features.search, watchlist: features.watchlist, lookup: lookup),
        ChartController(market: features.market, lookup: lookup),
        features.search.map { SearchController(search: $0, market: features.market) },
        features.gnb.map(GNBController.init),
        features.exchange.map {
            ExchangeController(
                exchange: $0, openSockets: features.metrics?.openSockets,
                socketsFellBehind: features.metrics?.socketsFellBehind)
        },
        AssetsController(),
        PhoneAppController(deployID: features.deployID, sourceDeadline: features.market.deadline),
        features.accounts.map(AccountController.init),
        features.accounts.map(PeopleController.init),
        leaderboard,
        features.watchlist.map { WatchlistController(watchlist: $0, source: features.market.source) },
        features.metrics.map(MetricsController.init),
        features.alerts.map(AlertsController.init),
        features.notifier.map { NotificationsController(notifier: $0, endpoints: features.pushEndpoints) },
    ]
    for controller in controllers.compactMap({ $0 }) + features.external {
        controller.addRoutes(to: router)
    }
    routes.load(from: router)
    return router
}

/// The web application on `network.host` and `port`, running `services` beside the server: on
/// graceful shutdown the server stops first (in-flight requests finish), then the services in
/// the reverse order of `services`. Every connection passes the `RequestGate` (hosts, malformed
/// requests, time limits); HTTPS when `network` has a certificate.
public func buildApplication(
    _ features: AppFeatures, services: [any Service] = [], network: NetworkSettings = NetworkSettings(), port: Int,
    logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) throws -> Application<RouterResponder<AppRequestContext>> {
    let router = buildRouter(features, network: network)
    return Application(
        router: router,
        server: try .gated(webSocketRouter: router, network: network, metrics: features.metrics),
        configuration: .init(address: .hostname(network.host, port: port), serverName: "bourse"),
        services: services,
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
        logger: logger)
}

/// `GET /api/v1/health`: the app answers, which market it shows, which instance answered and
/// which instance holds the desk (SPEC §15).
struct HealthController: FeatureController {
    let source: SourceKind
    let instance: InstanceRole

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("api/v1/health") { _, _ in
            HealthResponse(status: "ok", source: source, instance: instance.name, desk: await instance.deskHolder())
        }
    }
}

struct HealthResponse: ResponseEncodable {
    let status: String
    let source: SourceKind
    let instance: String
    /// The instance holding the desk; null while none does.
    let desk: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(source, forKey: .source)
        try container.encode(instance, forKey: .instance)
        try container.encode(desk, forKey: .desk)
    }

    private enum CodingKeys: String, CodingKey { case status, source, instance, desk }
}
