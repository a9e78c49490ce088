import BourseCore
import Hummingbird

/// The markets screens: `/` (the list of stocks) and `/stocks/{symbol}` (one stock).
///
/// Both answer with their shell at once, without asking the market for anything; the page's
/// script (`markets.js`, `stock.js`) then loads the data from `/api/v1/...`. `sourceName` is
/// the market service's configured source ("simulated" or "polygon"), known without a
/// request, so the "Simulated market" label is in the first paint.
public func addMarketsPages<Context: RequestContext>(to router: Router<Context>, sourceName: String) {
    let label = MarketsPages.sourceLabel(sourceName)
    router.get("/") { _, _ in
        HTMLPage(html: MarketsListPage(sourceLabel: label).render())
    }
    router.get("stocks/:symbol") { _, context in
        let text = try context.parameters.require("symbol")
        switch Symbol.normalized(text) {
        case .success(let symbol):
            return HTMLPage(html: StockPage(symbol: symbol, sourceLabel: label).render())
        case .failure(let error):
            return HTMLPage(status: .badRequest, html: StockPage.invalidSymbol(text, reason: error.reason).render())
        }
    }
}

/// What the markets pages share.
enum MarketsPages {
    /// The header label for a market source, in the words `bourse.js` uses for API answers.
    static func sourceLabel(_ sourceName: String) -> String? {
        switch sourceName {
        case "simulated": "Simulated market"
        case "polygon": "Polygon.io"
        default: nil
        }
    }
}
