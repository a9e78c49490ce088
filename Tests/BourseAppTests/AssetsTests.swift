import Accounts
import Exchange
import ExchangeFeature
import ExchangeLive
import Foundation
import GNBData
import GNBDataLive
import GNBFeature
import Hummingbird
import HummingbirdTesting
import Logging
import MarketData
import MarketsFeature
import Storage
import TestSupport
import Testing
import WatchlistFeature

@testable import BourseApp

/// The scripts and stylesheets: files in the features' `Public/` folders, read from the bundle
/// into the asset table, and linked by the pages.
@Suite("Assets")
struct AssetsTests {
    /// Every page the app renders, the error pages included.
    static let pages = [
        "/", "/markets", "/stocks/AAPL", "/stocks/%3Cb%3E", "/search", "/search?q=apple", "/exchange", "/gnb", "/gnb/T2006",
        "/gnb/%3Cb%3E", "/nowhere", "/people", "/leaderboard",
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
        try await watchlist.replace(with: ["AAPL"], for: .owner)
        // No password: sign-in is off and the request is the owner's, who has the People page.
        let accounts = AccountService(store: DatabaseAccountStore(database: database), hasher: PasswordHasher(cost: 4))
        return Application(
            router: buildRouter(
                AppFeatures(
                    market: market, search: ListingSearch(), gnb: gnb, exchange: exchange, watchlist: watchlist,
                    accounts: accounts,
                    leaderboard: ExchangeLeaderboard(desk: desk, settings: DatabaseServerSettingStore(database: database)))))
    }

    /// The module scripts (`<script type="module" src>`), stylesheets (`<link rel="stylesheet" href>`)
    /// and imported modules (`<link rel="modulepreload" href>`) a page links.
    static func links(in html: String) -> (scripts: [String], stylesheets: [String], preloads: [String]) {
        func targets(after prefix: String) -> [String] {
            html.components(separatedBy: prefix).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        return (
            targets(after: #"<script type="module" src=""#), targets(after: #"<link rel="stylesheet" href=""#),
            targets(after: #"<link rel="modulepreload" href=""#)
        )
    }

    static func data(_ text: String) -> Data { Data(text.utf8) }

    @Test func everyScriptAndStylesheetInTheBundleIsAnAsset() {
        let names = Assets.files(in: .module)

        #expect(Set(Assets.all.keys) == Set(names))
        #expect(names.contains("bourse.js") && names.contains("exchange.css") && !names.contains("sw.js"))
        for name in names {
            let asset = Assets.all[name]
            #expect((asset?.body.readableBytes ?? 0) > 0, "\(name)")
            #expect(asset?.contentType == (name.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "text/css; charset=utf-8"))
        }
    }

    @Test func aStylesheetIsItsFileAndAScriptItsFileWithItsImportsVersioned() throws {
        let files = try Self.publicFiles()
        let versioned = try Regex(#"(from|import) "\./([a-z0-9-]+\.js)\?v=([0-9a-f]+)""#)

        for (name, asset) in Assets.all {
            let file = try Data(contentsOf: try #require(files[name], "no \(name) in a Public/ folder"))
            let served = String(buffer: asset.body)
            guard name.hasSuffix(".js") else {
                #expect(Data(asset.body.readableBytesView) == file, "\(name)")
                continue
            }
            for match in served.matches(of: versioned) {
                let imported = String(try #require(match.output[2].substring))
                let version = String(try #require(match.output[3].substring))
                #expect(Assets.all[imported]?.version == version, "\(name) imports \(imported) at its current version")
            }
            let unversioned = served.replacing(try Regex(#"\?v=[0-9a-f]+""#), with: "\"")
            #expect(Data(unversioned.utf8) == file, "\(name): the file, but for the versions")
        }
    }

    @Test func aModuleIsANewURLWhenAModuleItImportsChanges() throws {
        let before = try Assets.Modules.versioned([
            "a.js": Self.data(#"import { b } from "./b.js";\nb();\n"#), "b.js": Self.data("export function b() {}\n"),
        ])
        let after = try Assets.Modules.versioned([
            "a.js": Self.data(#"import { b } from "./b.js";\nb();\n"#), "b.js": Self.data("export function b() { }\n"),
        ])

        let a = String(buffer: try #require(before["a.js"]).body)
        #expect(a.hasPrefix(#"import { b } from "./b.js?v="#))
        #expect(before["a.js"]?.imports == ["b.js"])
        #expect(a != String(buffer: try #require(after["a.js"]).body))
    }

    @Test func anUnknownImportOrACircleStopsTheApp() throws {
        let unknown = #expect(throws: Assets.LoadError.self) {
            try Assets.Modules.versioned(["a.js": Self.data(#"import { b } from "./nowhere.js";"#)])
        }
        #expect(unknown?.code == .unknownImport)
        #expect(unknown?.description.contains(#"a.js imports "./nowhere.js""#) == true)

        let circle = #expect(throws: Assets.LoadError.self) {
            try Assets.Modules.versioned([
                "a.js": Self.data(#"import "./b.js";"#), "b.js": Self.data(#"export { a } from "./a.js";"#),
            ])
        }
        #expect(circle?.code == .importCycle)
        #expect(circle?.description.contains("a.js → b.js → a.js") == true)
    }

    @Test func everyFileInAPublicFolderIsServed() throws {
        let files = try Self.publicFiles()

        #expect(!files.isEmpty)
        for name in files.keys where !PhoneAppFiles.fileNames.contains(name) {
            #expect(name.hasSuffix(".js") || name.hasSuffix(".css"), "\(name): only scripts and stylesheets")
            #expect(Assets.all[name] != nil, "\(name) is in a Public/ folder but not served")
        }
    }

    @Test func noScriptDefinesAGlobal() throws {
        let global = try Regex(#"(^|[^.\w$])(window|globalThis|self)\.[\w$]+\s*(=[^=]|\+=|-=)"#)

        for (name, asset) in Assets.all where name.hasSuffix(".js") {
            let text = String(buffer: asset.body)
            #expect(text.contains("import ") || text.contains("export "), "\(name) is an ES module")
            #expect(!text.contains("\"use strict\""), "\(name): a module is strict already")
            #expect(text.firstMatch(of: global) == nil, "\(name) assigns a global")
        }
    }

    @Test func aMissingFileIsAnErrorThatNamesIt() throws {
        let empty = try TemporaryFolder()
        let bundle = try #require(Bundle(path: empty.path))

        let error = #expect(throws: Assets.LoadError.self) { try Assets.load(from: bundle) }

        #expect(error?.code == .missingFile)
        #expect(error?.file == Assets.everyPage[0])
        #expect(error?.description.contains("The asset file layout.css is not in the app's resource bundle") == true)
    }

    @Test("every script and stylesheet a page links is served", arguments: pages)
    func everyLinkResolves(page: String) async throws {
        try await Self.app().test(.router) { client in
            let html = try await client.execute(uri: page, method: .get, headers: [.accept: "text/html"]) { response in
                String(buffer: response.body)
            }
            let (scripts, stylesheets, preloads) = Self.links(in: html)
            #expect(scripts.count >= 2, "bourse.js and search-box.js on every page")
            #expect(stylesheets.first?.hasPrefix("/assets/layout.css?v=") == true)
            #expect(!html.contains("<script src="), "every script is a module")

            for (links, contentType) in [
                (scripts + preloads, "text/javascript; charset=utf-8"), (stylesheets, "text/css; charset=utf-8"),
            ] {
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
                let (scripts, stylesheets, preloads) = Self.links(in: html)
                for link in scripts + stylesheets + preloads {
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

    @Test func theExchangeScreenIsOneEntryModuleThatPreloadsWhatItImports() async throws {
        let (_, _, html) = try await ExchangePageTests.get("/exchange")
        let name = { (link: String) in String(link.dropFirst("/assets/".count).prefix { $0 != "?" }) }
        let (scripts, _, preloads) = Self.links(in: html)

        #expect(scripts.map(name) == ["bourse.js", "search-box.js", "bell.js", "exchange.js"])
        #expect(Set(preloads.map(name)) == Set(Assets.imports(of: ["bourse.js", "search-box.js", "bell.js", "exchange.js"])))
        #expect(Set(preloads.map(name)).isSuperset(of: ["exchange-state.js", "exchange-socket.js", "market-format.js"]))
    }
}
