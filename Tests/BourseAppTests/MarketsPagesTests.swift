import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import MarketData
import Testing

@testable import BourseApp

/// The markets pages' shells, through the app's own router over a market that fails the test
/// if anything asks it for data: a page must render without waiting for the source.
@Suite("Markets pages")
struct MarketsPagesTests {
    struct Page {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let html: String
    }

    static func page(_ path: String, source: SourceKind = .simulated, accept: String = "text/html") async throws -> Page {
        let market = Market(source: source, provider: FailingMarketDataProvider(), now: { Date() })
        let app = Application(router: buildRouter(AppFeatures(market: market)))
        return try await app.test(.router) { client in
            try await client.execute(uri: path, method: .get, headers: [.accept: accept]) { response in
                Page(status: response.status, headers: response.headers, html: String(buffer: response.body))
            }
        }
    }

    @Test func theListIsAShellWithSearchSortButtonsAndSkeletonRows() async throws {
        let page = try await Self.page("/markets")

        #expect(page.status == .ok)
        #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        #expect(page.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
        #expect(page.html.hasPrefix("<!doctype html>"))
        #expect(page.html.contains("<title>Markets · Bourse</title>"))
        #expect(page.html.contains(#"<a href="/markets" aria-current="page">Markets</a>"#))
        #expect(page.html.contains(#"data-page="markets""#))
        #expect(page.html.contains(#"<tbody id="quote-rows"><tr class="skeleton" aria-hidden="true">"#))
        #expect(page.html.components(separatedBy: #"<tr class="skeleton""#).count - 1 == MarketsListPage.skeletonRows)
        for key in ["symbol", "name", "price", "changePercent"] {
            #expect(page.html.contains(#"data-sort="\#(key)"><button type="button" class="sort">"#), "\(key)")
        }
        #expect(page.html.contains("Loading prices…"))
        #expect(page.html.contains(#"<button type="button" class="button" id="retry">Try again</button>"#))
        #expect(page.html.contains(Assets.url(for: "markets.js")))
        #expect(!page.html.contains("data-symbol="), "no data in the shell")
    }

    @Test(
        "every page has the header search box",
        arguments: ["/", "/stocks/AAPL", "/gnb", "/gnb/T2006", "/stocks/%3Cb%3E", "/nowhere"])
    func theSearchBox(path: String) async throws {
        let page = try await Self.page(path)

        #expect(page.html.contains(#"<form class="site-search" id="site-search" action="/search" method="get" role="search">"#))
        #expect(
            page.html.contains(
                #"<input type="text" id="site-search-input" name="q" aria-label="Search stocks by name or symbol""#))
        #expect(page.html.contains(#"role="listbox""#))
        #expect(page.html.contains(Assets.url(for: "search-box.js")))
    }

    @Test func theSimulatedMarketIsLabelledInTheFirstPaint() async throws {
        #expect(try await Self.page("/").html.contains(#"<span class="source-full">Simulated market</span>"#))
        #expect(try await Self.page("/stocks/AAPL").html.contains(#"<span class="source-full">Simulated market</span>"#))
        let massive = try await Self.page("/", source: .polygon).html
        #expect(massive.contains(#"<span class="source-full">Massive (formerly Polygon.io)</span>"#))
        #expect(massive.contains(#"<span class="source-short">Massive</span>"#))
    }

    @Test func aStockPageIsAShellForItsSymbol() async throws {
        let page = try await Self.page("/stocks/AAPL")

        #expect(page.status == .ok)
        #expect(page.html.contains("<title>AAPL · Bourse</title>"))
        #expect(page.html.contains(#"data-page="stock" data-symbol="AAPL""#))
        #expect(page.html.contains(#"<span id="stock-symbol">AAPL</span>"#))
        #expect(page.html.contains("Loading AAPL…"))
        #expect(page.html.contains(#"<span class="bone wide"></span>"#))
        #expect(page.html.contains(#"<div class="chart-placeholder" id="chart-placeholder"></div>"#))
        for range in ["1D", "5D", "3M", "1Y"] {
            #expect(page.html.contains(#"data-range="\#(range)" aria-pressed="false">\#(range)</button>"#))
        }
        #expect(page.html.contains(#"data-range="1M" aria-pressed="true">1M</button>"#))
        #expect(page.html.contains(#"data-style="line" aria-pressed="true">Line</button>"#))
        #expect(page.html.contains(#"data-style="candles" aria-pressed="false">Candles</button>"#))
        #expect(page.html.contains(#"<a class="back" href="/markets">← Markets</a>"#))
        #expect(page.html.contains(Assets.url(for: "stock.js")))
    }

    @Test("a symbol is normalized as the API does", arguments: [("aapl", "AAPL"), ("brk.b", "BRK.B"), ("BF-B", "BF-B")])
    func normalized(path: String, symbol: String) async throws {
        let page = try await Self.page("/stocks/" + path)

        #expect(page.status == .ok)
        #expect(page.html.contains(#"data-symbol="\#(symbol)""#))
    }

    @Test(
        "a path that is not a symbol gets a 400 page, and is shown only escaped",
        arguments: [
            "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
            "<b>AAPL",
            "AAPL%22%20onmouseover%3D%22alert(1)",
            "AAPL\"onmouseover=\"alert(1)",
            "AAPL%3BDROP",
            "ABCDEFGHIJKLM",
            "AA%20PL",
            "%C3%89COLE",
        ])
    func refused(symbol: String) async throws {
        let page = try await Self.page("/stocks/" + symbol)

        #expect(page.status == .badRequest)
        #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        #expect(page.html.contains("<h1>Not a ticker symbol</h1>"))
        #expect(page.html.contains("A symbol is 1 to 12 letters, digits"))
        #expect(!page.html.contains("<script>alert"))
        #expect(!page.html.contains("<b>AAPL"))
        #expect(!page.html.contains("\"onmouseover"))
        #expect(!page.html.contains("data-page="), "no script loads data for it")
    }

    @Test(
        "a browser asking for a path that is no page gets the 404 page",
        arguments: [
            "/stocks/AAPL/x", "/stocks/", "/nowhere", "/stocks/AAPL/x%3Cscript%3E", "/%3Cb%3Ehi%3C%2Fb%3E",
        ])
    func notFoundPage(path: String) async throws {
        let page = try await Self.page(path)

        #expect(page.status == .notFound)
        #expect(page.headers[.contentType] == "text/html; charset=utf-8")
        #expect(page.html.contains("<h1>Page not found</h1>"))
        #expect(!page.html.contains("<script>"))
        #expect(!page.html.contains("<b>hi"))
    }

    @Test func scriptsAndTheAPIStillGetJSONForAPathThatIsNoPage() async throws {
        for (path, accept) in [
            ("/stocks/AAPL/x", "application/json"), ("/api/v1/nothing", "text/html"), ("/assets/none.js", "text/html"),
        ] {
            let page = try await Self.page(path, accept: accept)

            #expect(page.status == .notFound)
            #expect(page.headers[.contentType]?.hasPrefix("application/json") == true, "\(path)")
        }
    }

    @Test func pagesLoadNothingFromElsewhere() async throws {
        for path in ["/", "/stocks/AAPL", "/stocks/%3Cb%3E", "/nowhere"] {
            let page = try await Self.page(path)

            for pattern in [#"src=""#, #"href=""#, #"action=""#] {
                for part in page.html.components(separatedBy: pattern).dropFirst() {
                    let target = part.prefix { $0 != "\"" }
                    #expect(target.hasPrefix("/") || target.hasPrefix("#") || target.hasPrefix("data:"), "\(path): \(target)")
                }
            }
        }
    }

    @Test(arguments: ["search-box.js", "market-format.js", "markets.js", "stock.js"])
    func theScriptsAreServed(name: String) async throws {
        let page = try await Self.page(Assets.url(for: name), accept: "*/*")

        #expect(page.status == .ok)
        #expect(page.headers[.contentType] == "text/javascript; charset=utf-8")
        #expect(page.html.contains("import "), "an ES module")
        #expect(!page.html.contains("innerHTML"), "data enters the page only as text")
    }
}
