import Accounts
import AlertsFeature
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
import NotificationsFeature
import Storage
import Testing
import WatchlistFeature

@testable import BourseApp

/// The OpenAPI contract (`GET /api/openapi.json`, docs/api.md): served as JSON, OpenAPI 3.1, the
/// same bytes as `Sources/BourseApp/API/openapi.json`, and complete: a route the router has and the document
/// lacks (a new endpoint nobody described) fails here, and so does a documented path that no
/// longer exists. What the answers contain is checked against the running app by
/// `scripts/test-api-contract` (schemathesis).
@Suite("API contract")
struct APIContractTests {
    /// The root of the repository.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A router with every feature and sign-in, as `bourse serve` has.
    static func router() async throws -> Router<AppRequestContext> {
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let database = try BourseDatabase()
        let desk = try await TradingDesk(store: DatabaseOrderStore(database: database), logger: quiet)
        let gnb = GNBCatalog(
            client: GNBClient(accept: .json, logger: quiet), sources: GNBSources(baseURL: URL(string: "http://127.0.0.1:9/gnb")!))
        let market = Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })
        let search = ListingSearch()
        let features = AppFeatures(
            market: market, search: search, gnb: gnb,
            exchange: ExchangeVenue(desk: desk, source: .simulated, symbol: "AAPL"),
            watchlist: StoredWatchlist(store: DatabaseWatchlistStore(database: database), market: market, listings: search),
            alerts: PriceAlerts(store: DatabaseAlertStore(database: database), listings: search),
            notifier: Notifier(store: DatabaseNotificationStore(database: database)),
            accounts: AccountService(store: DatabaseAccountStore(database: database)),
            leaderboard: ExchangeLeaderboard(desk: desk, settings: DatabaseServerSettingStore(database: database)),
            metrics: prometheusMetrics())
        return buildRouter(features)
    }

    /// The document's paths, each with its methods in lower case.
    static func documentedOperations(_ document: [String: Any]) throws -> [String: Set<String>] {
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        return paths.mapValues { Set($0.keys).intersection(methods) }
    }

    /// `api/v1/stocks/:symbol` as OpenAPI writes it: `/api/v1/stocks/{symbol}`.
    static func openAPIPath(_ routerPath: String) -> String {
        let components = routerPath.split(separator: "/").map { component in
            component.hasPrefix(":") ? "{\(component.dropFirst())}" : String(component)
        }
        return "/" + components.joined(separator: "/")
    }

    static func servedDocument() async throws -> (status: HTTPResponse.Status, contentType: String?, body: ByteBuffer) {
        let app = Application(router: try await router())
        return try await app.test(.router) { client in
            let response = try await client.execute(uri: "/api/openapi.json", method: .get)
            return (response.status, response.headers[.contentType], response.body)
        }
    }

    @Test func theDocumentIsServedAsOpenAPI31JSON() async throws {
        let (status, contentType, body) = try await Self.servedDocument()

        #expect(status == .ok)
        #expect(contentType?.hasPrefix("application/json") == true)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any])
        let version = try #require(document["openapi"] as? String)
        #expect(version.hasPrefix("3.1."), "openapi is \(version)")
    }

    @Test func everyRouteIsDocumentedAndEveryDocumentedPathIsARoute() async throws {
        let router = try await Self.router()
        let (_, _, body) = try await Self.servedDocument()
        let document = try #require(try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any])
        let documented = try Self.documentedOperations(document)

        let routes = router.routes.map { (path: Self.openAPIPath($0.path.description), method: $0.method.rawValue.lowercased()) }
        // OpenAPI has no words for a WebSocket: the socket is described in docs/api.md.
        let described = routes.filter { $0.path != "/exchange/ws" }
        #expect(described.contains { $0.path == "/api/v1/orders/{id}" && $0.method == "delete" })
        #expect(described.filter { $0.path.hasPrefix("/api/v1/") }.count >= 13)
        for route in described {
            #expect(
                documented[route.path]?.contains(route.method) == true,
                "\(route.method.uppercased()) \(route.path) is a route but not in Sources/BourseApp/API/openapi.json")
        }
        for (path, methods) in documented {
            for method in methods {
                #expect(
                    routes.contains { $0.path == path && $0.method == method },
                    "\(method.uppercased()) \(path) is in the document but the app has no such route")
            }
        }
    }

    /// One source of truth: the resource is the document the app serves, byte for byte.
    @Test func servedDocumentIsTheResourceItself() async throws {
        let (_, _, body) = try await Self.servedDocument()
        let resource = try Data(contentsOf: Self.root.appending(path: "Sources/BourseApp/API/openapi.json"))

        #expect(Data(body.readableBytesView) == resource)
    }
}
