import Hummingbird

/// The exchange screen, `/exchange`: its shell at once, with no call to the exchange; the
/// page's script (`exchange.js`) then opens `/exchange/ws` and loads `/api/v1/book`,
/// `/api/v1/orders` and `/api/v1/position`.
public func addExchangePages<Context: RequestContext>(to router: Router<Context>) {
    router.get("exchange") { _, _ in
        HTMLPage(html: ExchangePage().render())
    }
}
