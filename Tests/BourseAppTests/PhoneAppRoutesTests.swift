import Foundation
import Hummingbird
import HummingbirdTesting
import MarketData
import MarketsFeature
import Testing

@testable import BourseApp

/// The phone app's files: the manifest, the icons, the worker with its build line, the offline
/// page, and the listings a phone searches offline.
@Suite("Phone app routes")
struct PhoneAppRoutesTests {
    static func app() -> some ApplicationProtocol {
        let market = Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })
        return Application(router: buildRouter(AppFeatures(market: market, search: ListingSearch())))
    }

    @Test func theManifestIsInstallable() async throws {
        try await Self.app().test(.router) { client in
            let response = try await client.execute(uri: "/manifest.webmanifest", method: .get)
            #expect(response.headers[.contentType] == "application/manifest+json")
            let manifest = try #require(
                JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any])
            #expect(manifest["display"] as? String == "standalone")
            #expect(manifest["start_url"] as? String == "/")
            #expect(manifest["scope"] as? String == "/")
            let icons = try #require(manifest["icons"] as? [[String: String]])
            #expect(Set(icons.compactMap { $0["sizes"] }) == ["192x192", "512x512"])
            #expect(icons.contains { $0["purpose"] == "maskable" })
            for icon in icons {
                let png = try await client.execute(uri: try #require(icon["src"]), method: .get)
                #expect(png.status == .ok)
                #expect(png.headers[.contentType] == "image/png")
                #expect(Array(png.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            }
            #expect(try await client.execute(uri: "/apple-touch-icon.png", method: .get).status == .ok)
        }
    }

    @Test func theWorkerKnowsTheBuildAndEveryAsset() async throws {
        try await Self.app().test(.router) { client in
            let response = try await client.execute(uri: "/sw.js", method: .get)
            #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-cache")
            let text = String(buffer: response.body)
            let first = try #require(text.split(separator: "\n").first)
            #expect(first.hasPrefix("self.BOURSE_BUILD = {\"version\":\"\(PhoneAppFiles.shared.version)\""))
            for name in Assets.all.keys { #expect(first.contains(Assets.url(for: name)), "\(name)") }
            #expect(first.contains("\"/offline\""))
            let offline = try await client.execute(uri: "/offline", method: .get)
            #expect(String(buffer: offline.body).contains("You are offline"))
        }
    }

    @Test func everyPageLinksTheManifestAndHasTheTabBar() async throws {
        try await Self.app().test(.router) { client in
            let html = String(buffer: try await client.execute(uri: "/markets", method: .get).body)
            #expect(html.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
            #expect(html.contains(#"<link rel="apple-touch-icon" href="/apple-touch-icon.png">"#))
            #expect(html.contains(#"<meta name="apple-mobile-web-app-capable" content="yes">"#))
            #expect(html.contains(#"<nav class="tab-bar" aria-label="Tabs">"#))
            for tab in ["/", "/markets", "/exchange", "/gnb", "/search"] {
                #expect(html.contains(#"<li><a href="\#(tab)""#), "\(tab)")
            }
        }
    }

    @Test func theListingsForOfflineSearchAreCompactAndComplete() async throws {
        try await Self.app().test(.router) { client in
            let response = try await client.execute(uri: "/api/v1/search/listings", method: .get)
            let body = try #require(
                JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any])
            #expect(body["fields"] as? [String] == ["symbol", "name", "exchange"])
            let rows = try #require(body["rows"] as? [[String]])
            #expect(rows.count == (try await ListingSearch().count()))
            #expect(rows.contains(["AAPL", "Apple Inc.", "NASDAQ"]))
        }
    }
}
