import BourseCore
import Hummingbird
import HummingbirdWebSocket
import Logging
import MarketData
import StandIns

/// The router: the JSON API under `/api/v1`, the GNB service's own resources under `/gnb`, and
/// the pages.
///
/// - Parameters:
///   - gnb: the GNB data behind `/api/v1/gnb/...` (none: those routes are absent).
///   - gnbService: the data the app serves as a GNB service at `/gnb/rates` and `/gnb/transactions`.
///   - search: the index behind `/api/v1/search` and `/search` (none: those routes are absent).
///   - exchange: the live exchange behind `/api/v1/orders`, `/book`, `/position` (none: absent).
public func buildRouter(
    market: MarketService, gnb: GNBService? = nil, gnbService: GNBStandIn? = nil, search: SearchService? = nil,
    exchange: ExchangeService? = nil
) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: PageNotFoundMiddleware())
    let api = router.group("api/v1")
    api.get("health") { _, _ in HealthResponse(status: "ok", source: market.sourceName) }
    MarketsController(market: market).addRoutes(to: api)
    if let gnb { GNBController(gnb: gnb).addRoutes(to: api) }
    if let exchange { ExchangeController(exchange: exchange).addRoutes(to: api) }
    gnbService?.addRoutes(to: router)
    addMarketsPages(to: router, sourceName: market.sourceName)
    addGNBPages(to: router)
    addExchangePages(to: router)
    ChartController(market: market).addRoutes(to: router)
    if let search { addSearchRoutes(to: router, search: search) }
    addAssets(to: router)
    return router
}

/// The WebSocket routes: `/exchange/ws`, the exchange screen's live updates.
public func buildWebSocketRouter(exchange: ExchangeService?) -> Router<BasicWebSocketRequestContext> {
    let router = Router(context: BasicWebSocketRequestContext.self)
    if let exchange { ExchangeSocket.addRoutes(to: router, exchange: exchange) }
    return router
}

/// The web application on `host:port` (127.0.0.1 unless told otherwise).
public func buildApplication(
    market: MarketService, gnb: GNBService?, gnbService: GNBStandIn?, search: SearchService? = nil,
    exchange: ExchangeService? = nil, host: String, port: Int, logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    Application(
        router: buildRouter(market: market, gnb: gnb, gnbService: gnbService, search: search, exchange: exchange),
        server: .http1WebSocketUpgrade(webSocketRouter: buildWebSocketRouter(exchange: exchange)),
        configuration: .init(address: .hostname(host, port: port), serverName: "bourse"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
        logger: logger)
}

struct HealthResponse: ResponseEncodable {
    let status: String
    let source: String
}
