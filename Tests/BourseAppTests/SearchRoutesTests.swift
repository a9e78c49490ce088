import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import MarketsFeature
import Testing

@testable import BourseApp

/// `/api/v1/search` and `/search` over the real bundled listings.
@Suite("Search routes")
struct SearchRoutesTests {
    static let search = ListingSearch()

    static func get(
        _ path: String, search: ListingSearch = search
    ) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: String) {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        SearchController(search: search).addRoutes(to: router)
        return try await Application(router: router).test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                (response.status, response.headers, String(buffer: response.body))
            }
        }
    }

    /// Each result's symbol, name and exchange (the prices are `SearchPricesRoutesTests`').
    static func results(_ body: String) throws -> [[String: String]] {
        let object = try #require(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        return results.map { $0.compactMapValues { $0 as? String } }
    }

    @Test func findsAppleBySymbolNameAndExchange() async throws {
        let (status, headers, body) = try await Self.get("/api/v1/search?q=app")

        #expect(status == .ok)
        #expect(headers[.contentType]?.hasPrefix("application/json") == true)
        let results = try Self.results(body)
        #expect(results.count == 10)
        #expect(results.first?["symbol"] == "APP", "the exact symbol first")
        #expect(results.contains(["symbol": "AAPL", "name": "Apple Inc.", "exchange": "NASDAQ"]))
        let object = try #require(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let first = try #require((object["results"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == ["symbol", "name", "exchange", "price", "change", "changePercent", "asOf"])
    }

    @Test("limit", arguments: [("1", 1), ("50", 50), ("7", 7)])
    func limit(text: String, count: Int) async throws {
        let (status, _, body) = try await Self.get("/api/v1/search?q=a&limit=\(text)")
        #expect(status == .ok)
        #expect(try Self.results(body).count == count)
    }

    @Test("an empty result is an empty list", arguments: ["", "%20", "zzzzzzzzqx", "%3Cscript%3E"])
    func emptyResults(query: String) async throws {
        let (status, _, body) = try await Self.get("/api/v1/search?q=\(query)")
        #expect(status == .ok)
        #expect(body == #"{"results":[]}"#)
    }

    @Test(
        "bad queries are refused with a message",
        arguments: [
            ("/api/v1/search", "q is missing"),
            ("/api/v1/search?limit=5", "q is missing"),
            ("/api/v1/search?q=\(String(repeating: "a", count: 101))", "at most 100"),
            ("/api/v1/search?q=app&limit=0", "limit must be a whole number from 1 to 50"),
            ("/api/v1/search?q=app&limit=51", "limit must be a whole number from 1 to 50"),
            ("/api/v1/search?q=app&limit=ten", "limit must be a whole number from 1 to 50"),
        ])
    func badQueries(path: String, message: String) async throws {
        let (status, headers, body) = try await Self.get(path)
        #expect(status == .badRequest)
        #expect(headers[.contentType]?.hasPrefix("application/json") == true)
        let object = try #require(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])
        #expect(object["error"]?.contains(message) == true, "\(body)")
    }

    @Test func listingsThatCannotLoadAreA503() async throws {
        struct Broken: Error {}
        let broken = ListingSearch(listings: { throw Broken() })
        let (status, _, body) = try await Self.get("/api/v1/search?q=app", search: broken)
        #expect(status == .serviceUnavailable)
        #expect(body.contains("the listings could not be loaded"))
    }

    @Test func thePageListsResultsWithLinksInTheSharedLayout() async throws {
        let (status, headers, html) = try await Self.get("/search?q=bank")

        #expect(status == .ok)
        #expect(headers[.contentType] == "text/html; charset=utf-8")
        #expect(headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains(#"<header class="site-header">"#))
        #expect(html.contains("<title>Search: bank · Bourse</title>"))
        #expect(html.contains(#"<input type="search" id="search-q" name="q" value="bank""#))
        #expect(
            html.contains(
                #"<li><a class="search-result" href="/stocks/BAC"><span class="symbol">BAC</span><span class="name">Bank of America Corporation</span><span class="exchange">NYSE</span>"#
            ))
        #expect(html.contains(#"<li><a href="/search" aria-current="page">"#), "the Search tab is the current one")
        #expect(!html.contains(#"<a href="/markets" aria-current="page">"#))
        #expect(html.contains("50 stocks match “bank”"))
    }

    @Test("the page without a query asks for one", arguments: ["/search", "/search?q=", "/search?q=%20%20"])
    func prompt(path: String) async throws {
        let (status, _, html) = try await Self.get(path)
        #expect(status == .ok)
        #expect(html.contains(#"id="search-prompt""#))
        #expect(!html.contains("search-results"))
    }

    @Test func thePageEscapesTheQuery() async throws {
        let (status, _, html) = try await Self.get("/search?q=%3Cscript%3Ealert(%22x%22)%3C%2Fscript%3E")

        #expect(status == .ok)
        #expect(!html.contains("<script>alert"))
        #expect(html.contains(#"value="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;""#))
        #expect(html.contains("No stocks match “&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;”"))
    }

    @Test func aTooLongQueryIsA400PageWithAMessage() async throws {
        let (status, _, html) = try await Self.get("/search?q=\(String(repeating: "x", count: 150))")
        #expect(status == .badRequest)
        #expect(html.contains("q is 150 characters long; search with at most 100"))
        #expect(html.contains(#"role="alert""#))
    }

    @Test func theServiceAnswersOnceTheIndexIsBuilt() async throws {
        let service = ListingSearch(listings: {
            Thread.sleep(forTimeInterval: 0.2)
            return [Listing(symbol: "AAPL", name: "Apple Inc.", exchange: .nasdaq, isETF: false)]
        })
        let found = try await service.search("apple", limit: 10)
        #expect(found.map(\.symbol) == ["AAPL"])
        #expect(try await service.count() == 1)
    }
}
