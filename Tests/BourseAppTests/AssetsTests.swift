import Exchange
import ExchangeLive
import Foundation
import GNBData
import GNBDataLive
import Hummingbird
import HummingbirdTesting
import Logging
import MarketData
import Storage
import Testing

@testable import BourseApp

/// The scripts and stylesheets: files in the features' `Public/` folders, read from the bundle
/// into the asset table, and linked by the pages.
@Suite("Assets")
struct AssetsTests {
    /// Every page the app renders, the error pages included.
    static let pages = [
        "/", "/markets", "/stocks/AAPL", "/stocks/%3Cb%3E", "/search", "/search?q=apple", "/exchange", "/gnb", "/gnb/T2006",
        "/gnb/%3Cb%3E", "/nowhere",
    ]

    /// `Sources/BourseApp`, where the files are written.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/BourseApp").standardized

    /// Every file under a `Public/` folder of `Sources/BourseApp`, by name.
    static func publicFiles() throws -> [String: URL] {
        let features = try FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil)
        var files: [String: URL] = [:]
        for feature in features {
            let folder = feature.appendingPathComponent("Public")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names {
                #expect(files[name] == nil, "\(name) is in two Public/ folders; the bundle keeps one")
                files[name] = folder.appendingPathComponent(name)
            }
        }
        return files
    }

    /// Every feature, none of them reached: the pages are shells, and the assets need nothing.
    static func app() async throws -> some ApplicationProtocol {
        let market = Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })
        let gnb = GNBCatalog(
            client: GNBClient(accept: .json, logger: Logger(label: "test")),
            sources: GNBSources(baseURL: URL(string: "http://127.0.0.1:9/gnb")!))
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let desk = try await TradingDesk(store: DatabaseOrderStore(database: try BourseDatabase()), logger: quiet)
        let exchange = ExchangeVenue(desk: desk, source: .simulated, symbol: "AAPL")
        // A user who follows a stock: `/` is My stocks (watchlist.js), `/markets` the list.
        let database = try BourseDatabase()
        let watchlist = StoredWatchlist(
            store: DatabaseWatchlistStore(database: database), market: market, listings: ListingSearch())
        try await watchlist.replace(with: ["AAPL"])
        return Application(
            router: buildRouter(market: market, gnb: gnb, search: ListingSearch(), exchange: exchange, watchlist: watchlist))
    }

    /// The scripts (`<script src>`) and stylesheets (`<link rel="stylesheet" href>`) a page links.
    static func links(in html: String) -> (scripts: [String], stylesheets: [String]) {
        func targets(after prefix: String) -> [String] {
            html.components(separatedBy: prefix).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        return (targets(after: #"<script src=""#), targets(after: #"<link rel="stylesheet" href=""#))
    }

    @Test func everyAssetIsLoadedAndNotEmpty() {
        let names = Assets.scripts + Assets.stylesheets.map(\.key)

        #expect(Set(Assets.all.keys) == Set(names))
        #expect(Assets.all.count == names.count, "no name twice")
        for name in names {
            let asset = Assets.all[name]
            #expect((asset?.body.readableBytes ?? 0) > 0, "\(name)")
            #expect(asset?.contentType == (name.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8"))
        }
    }

    @Test func aScriptIsExactlyItsFileAndAStylesheetItsFilesJoined() throws {
        let files = try Self.publicFiles()
        func contents(_ name: String) throws -> Data {
            try Data(contentsOf: try #require(files[name], "no \(name) in a Public/ folder"))
        }

        for name in Assets.scripts {
            #expect(Data(try #require(Assets.all[name]).body.readableBytesView) == (try contents(name)), "\(name)")
        }
        for (name, parts) in Assets.stylesheets {
            let joined = try parts.map(contents).reduce(Data(), +)
            #expect(Data(try #require(Assets.all[name]).body.readableBytesView) == joined, "\(name)")
        }
        #expect(
            try #require(Assets.stylesheets.first { $0.key == "bourse.css" }).value == [
                "layout.css", "chart.css", "markets.css", "watchlist.css",
            ])
    }

    @Test func everyFileInAPublicFolderIsServed() throws {
        let served = Set(Assets.scripts + Assets.stylesheets.flatMap(\.value) + PhoneAppFiles.fileNames)

        let files = try Self.publicFiles()

        #expect(!files.isEmpty)
        for name in files.keys where !PhoneAppFiles.fileNames.contains(name) {
            #expect(name.hasSuffix(".js") || name.hasSuffix(".css"), "\(name): only scripts and stylesheets")
        }
        for name in files.keys {
            #expect(served.contains(name), "\(name) is in a Public/ folder but not in Assets.scripts or Assets.stylesheets")
        }
    }

    @Test func aMissingFileIsAnErrorThatNamesIt() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let bundle = try #require(Bundle(path: empty.path))

        let error = #expect(throws: Assets.MissingFile.self) { try Assets.load(from: bundle) }

        #expect(error?.file == Assets.scripts[0])
        #expect(error?.description.contains("The asset file bourse.js is not in the app's resource bundle") == true)
    }

    @Test("every script and stylesheet a page links is served", arguments: pages)
    func everyLinkResolves(page: String) async throws {
        try await Self.app().test(.router) { client in
            let html = try await client.execute(uri: page, method: .get, headers: [.accept: "text/html"]) { response in
                String(buffer: response.body)
            }
            let (scripts, stylesheets) = Self.links(in: html)
            #expect(scripts.count >= 2, "bourse.js and search-box.js on every page")
            #expect(stylesheets.first?.hasPrefix("/assets/bourse.css?v=") == true)

            for (links, contentType) in [(scripts, "text/javascript; charset=utf-8"), (stylesheets, "text/css; charset=utf-8")] {
                for link in links {
                    #expect(link.hasPrefix("/assets/") && link.contains("?v="), "\(page): \(link)")
                    try await client.execute(uri: link, method: .get) { response in
                        #expect(response.status == .ok, "\(page): \(link)")
                        #expect(response.headers[.contentType] == contentType, "\(page): \(link)")
                        #expect(response.headers[.xContentTypeOptions] == "nosniff")
                        #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable", "\(page): \(link)")
                        #expect(response.body.readableBytes > 0, "\(page): \(link)")
                    }
                }
            }
        }
    }

    @Test func everyAssetIsLinkedBySomePage() async throws {
        let linked = try await Self.app().test(.router) { client in
            var linked = Set<String>()
            for page in Self.pages {
                let html = try await client.execute(uri: page, method: .get, headers: [.accept: "text/html"]) { response in
                    String(buffer: response.body)
                }
                let (scripts, stylesheets) = Self.links(in: html)
                for link in scripts + stylesheets {
                    linked.insert(String(link.dropFirst("/assets/".count).prefix { $0 != "?" }))
                }
            }
            return linked
        }

        #expect(linked == Set(Assets.all.keys))
    }

    @Test func anOldVersionOrNoVersionIsRevalidated() async throws {
        try await Self.app().test(.router) { client in
            for uri in ["/assets/bourse.js", "/assets/bourse.js?v=0"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.cacheControl] == "no-cache", "\(uri)")
                }
            }
        }
    }

    @Test func theExchangeScriptsRunInOrderAndShareOneNamespace() async throws {
        let (_, _, html) = try await ExchangePageTests.get("/exchange")
        let names = Self.links(in: html).scripts.map { String($0.dropFirst("/assets/".count).prefix { $0 != "?" }) }
        let exchange = Assets.scripts.filter { $0.hasPrefix("exchange-") }

        #expect(names == ["bourse.js", "search-box.js", "market-format.js"] + exchange)
        #expect(exchange.first == "exchange-state.js")
        #expect(exchange.last == "exchange-start.js")
        for name in exchange {
            let text = String(buffer: try #require(Assets.all[name]).body)
            #expect(text.hasPrefix("\"use strict\";"), "\(name)")
            #expect(
                text.contains(
                    name == "exchange-state.js" ? "window.BourseExchange = (function () {" : "})(window.BourseExchange);"),
                "\(name)")
        }
    }
}
