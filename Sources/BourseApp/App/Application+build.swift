import BourseCore
import Hummingbird
import Logging
import MarketData

/// The router: the JSON API under `/api/v1`, and a plain landing page.
public func buildRouter(market: MarketService) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: ErrorMiddleware())
    let api = router.group("api/v1")
    api.get("health") { _, _ in HealthResponse(status: "ok", source: market.sourceName) }
    MarketsController(market: market).addRoutes(to: api)
    router.get("/") { _, _ in LandingPage(source: market.sourceName) }
    addGNBPages(to: router)
    addAssets(to: router)
    return router
}

/// The web application on `host:port` (127.0.0.1 unless told otherwise).
public func buildApplication(
    market: MarketService, host: String, port: Int, logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    Application(
        router: buildRouter(market: market),
        configuration: .init(address: .hostname(host, port: port), serverName: "bourse"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
        logger: logger)
}

struct HealthResponse: ResponseEncodable {
    let status: String
    let source: String
}
