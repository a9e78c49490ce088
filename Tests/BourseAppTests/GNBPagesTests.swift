import Foundation
import GNBData
import GNBDataLive
import GNBFeature
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import BourseApp

/// The GNB pages' shells: served at once, with no data behind them (the router here has no
/// API at all, so a page that needed data could not answer).
@Suite("GNB pages")
struct GNBPagesTests {
    static func app() -> some ApplicationProtocol {
        // A GNB service with nowhere to download from: the shells must not need it.
        let gnb = GNBCatalog(
            client: GNBClient(accept: .json, logger: Logger(label: "test")),
            sources: GNBSources(baseURL: URL(string: "http://127.0.0.1:9/gnb")!))
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: ErrorMiddleware())
        GNBController(gnb: gnb).addRoutes(to: router)
        AssetsController().addRoutes(to: router)
        return Application(router: router)
    }

    static func page(_ path: String) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: String) {
        try await app().test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                (response.status, response.headers, String(buffer: response.body))
            }
        }
    }

    @Test func theProductListIsAShellWithSearchAndALoadingState() async throws {
        let (status, headers, html) = try await Self.page("/gnb")

        #expect(status == .ok)
        #expect(headers[.contentType] == "text/html; charset=utf-8")
        #expect(headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<title>GNB products · Bourse</title>"))
        #expect(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">"#))
        #expect(html.contains(#"<header class="site-header">"#))
        #expect(html.contains(#"<nav aria-label="Sections">"#))
        #expect(html.contains(#"<a href="/gnb" aria-current="page">GNB</a>"#))
        #expect(html.contains(#"<main id="main""#))
        #expect(html.contains(#"<input type="search" id="sku-filter""#))
        #expect(html.contains(#"role="status""#))
        #expect(html.contains("Downloading rates and transactions…"))
        #expect(html.contains(#"data-page="gnb-products""#))
        #expect(!html.contains("data-sku="), "no data in the shell")
    }

    @Test func aProductPageIsAShellForItsSKU() async throws {
        let (status, _, html) = try await Self.page("/gnb/T2006")

        #expect(status == .ok)
        #expect(html.contains("<title>Product T2006 · Bourse</title>"))
        #expect(html.contains("<h1>Product T2006</h1>"))
        #expect(html.contains(#"data-sku="T2006""#))
        #expect(html.contains("Downloading rates and transactions…"))
        #expect(html.contains(#"<a class="back" href="/gnb">"#))
    }

    @Test func pagesLoadNothingFromElsewhere() async throws {
        for path in ["/gnb", "/gnb/T2006", "/gnb/not-a-sku"] {
            let (_, _, html) = try await Self.page(path)

            for pattern in [#"src=""#, #"href=""#] {
                for part in html.components(separatedBy: pattern).dropFirst() {
                    let target = part.prefix { $0 != "\"" }
                    #expect(target.hasPrefix("/") || target.hasPrefix("#") || target.hasPrefix("data:"), "\(path): \(target)")
                }
            }
        }
    }

    @Test(
        "a path that is not a SKU is refused, and shown only escaped",
        arguments: [
            "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
            "<b>T2006",
            "T2006%22%20onmouseover%3D%22alert(1)",
            "T2006\"onmouseover=\"alert(1)",
            String(repeating: "A", count: 41),
            "T2006%20x",
            "T2006;x",
            "T%E2%80%AE2006",
        ])
    func refused(sku: String) async throws {
        let (status, headers, html) = try await Self.page("/gnb/" + sku)

        #expect(status == .badRequest)
        #expect(headers[.contentType] == "text/html; charset=utf-8")
        #expect(html.contains("Not a product code"))
        #expect(html.contains("A SKU is 1 to 40 letters, digits"))
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<b>T2006"))
        #expect(!html.contains("\"onmouseover"))
        #expect(!html.contains("data-page="), "no script loads data for it")
    }

    @Test(
        "SKU validation",
        arguments: [
            ("T2006", true), ("a", true), ("T-2006_b.1", true), (String(repeating: "A", count: 40), true),
            ("", false), (String(repeating: "A", count: 41), false), ("T 2006", false), ("T2006\"", false),
            ("<b>", false), ("É2006", false), ("٣٣", false),
        ])
    func validation(sku: String, valid: Bool) {
        #expect(GNBProductPage.isValid(sku: sku) == valid)
    }

    @Test func textIsEscapedInTheLayout() {
        let html = PageLayout(
            title: "<b>x</b>", section: .markets, sourceLabel: "\"Sim\" & <co>",
            staleSince: "2026-11-22T11:00:00Z\"><script>", content: "<p>ok</p>"
        ).render().markup

        #expect(html.contains("<title>&lt;b&gt;x&lt;/b&gt; · Bourse</title>"))
        #expect(html.contains("&quot;Sim&quot; &amp; &lt;co&gt;"))
        #expect(html.contains("Showing data from"))
        #expect(!html.contains("\"><script>"))
        #expect(html.contains(#"<a href="/markets" aria-current="page">Markets</a>"#))
    }
}
