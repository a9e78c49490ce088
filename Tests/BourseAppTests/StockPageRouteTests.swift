import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import MarketData
import MarketsFeature
import Testing

@testable import BourseApp

/// `/stocks/{symbol}` decides from the listings, without asking the market: a listed stock's
/// shell at once, a friendly 404 page for a symbol that is not listed, a 400 for text that is
/// no symbol.
@Suite("Stock page route")
struct StockPageRouteTests {
    static let listings = ListingSearch()

    static func get(_ path: String, source: SourceKind = .simulated) async throws -> (HTTPResponse.Status, String) {
        // A market that fails every request: the simulated market's answer never decides.
        let market = Market(source: source, provider: FailingMarketDataProvider(), now: { Date() })
        let app = Application(router: buildRouter(AppFeatures(market: market, search: listings)))
        return try await app.test(.router) { client in
            try await client.execute(uri: path, method: .get, headers: [.accept: "text/html"]) { response in
                (response.status, String(buffer: response.body))
            }
        }
    }

    @Test(arguments: ["AAPL", "aapl", "MSFT", "IBM"])
    func aListedStockGetsItsShell(symbol: String) async throws {
        let (status, html) = try await Self.get("/stocks/\(symbol)")
        #expect(status == .ok)
        #expect(html.contains(#"data-page="stock""#))
    }

    @Test(arguments: ["NOSUCH", "AAPLX", "ZZZZ"])
    func aSymbolThatIsNotListedIsAFriendly404(symbol: String) async throws {
        let (status, html) = try await Self.get("/stocks/\(symbol)")
        #expect(status == .notFound)
        #expect(html.contains("No stock \(symbol) is listed"))
        #expect(html.contains(#"href="/""#))
        #expect(!html.contains(#"data-page="stock""#))
    }

    @Test func textThatIsNoSymbolIsStillA400() async throws {
        let (status, html) = try await Self.get("/stocks/%3Cscript%3E")
        #expect(status == .badRequest)
        #expect(!html.contains("<script>"))
    }
}
