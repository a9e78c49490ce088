import Accounts
import AlertsFeature
import BourseCore
import Exchange
import ExchangeFeature
import ExchangeLive
import Foundation
import GNBData
import GNBDataLive
import GNBFeature
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Logging
import MarketData
import MarketsFeature
import NotificationsFeature
import Storage
import Testing
import WatchlistFeature

@testable import BourseApp

/// Sign-in over real HTTP: every route of the app with no credentials, a session cookie, an
/// API token, an ended session and a revoked token; the sign-in form, its throttle and
/// sign-out; the socket.
@Suite("Sign-in routes")
struct SignInRoutesTests {
    struct Fixture {
        let router: Router<AppRequestContext>
        let app: Application<RouterResponder<AppRequestContext>>
        let accounts: AccountService
        let desk: TradingDesk
        /// The personal features, with `personal: true` (on the same database as the accounts).
        var database: BourseDatabase? = nil
        var watchlist: StoredWatchlist? = nil
        var alerts: PriceAlerts? = nil
        var notifier: Notifier? = nil
    }

    static let password = "correct horse battery"

    /// Every feature, and an owner with a password (so sign-in is on).
    ///
    /// - Parameters:
    ///   - personal: the watchlist, the alerts and the notices too, kept in the accounts' database
    ///     (`PersonalDataRoutesTests`); `market` prices the watchlist (none: a source that is down).
    ///   - startingCash: every account's cash on the exchange (none: infinite capital).
    static func fixture(
        passwordSet: Bool = true, personal: Bool = false, market: Market? = nil, startingCash: StartingCash? = nil
    ) async throws -> Fixture {
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let database = try BourseDatabase()
        let accounts = AccountService(store: DatabaseAccountStore(database: database), hasher: PasswordHasher(cost: 4))
        if passwordSet { try await accounts.setPassword(password, name: "ada") }
        let desk = try await TradingDesk(
            store: DatabaseOrderStore(database: database), startingCash: startingCash, logger: quiet)
        let market = market ?? Market(source: .simulated, provider: UnavailableMarket(), now: { Date() })
        let gnb = GNBCatalog(
            client: GNBClient(accept: .json, logger: quiet), sources: GNBSources(baseURL: URL(string: "http://127.0.0.1:9/gnb")!))
        let notifier = personal ? Notifier(store: DatabaseNotificationStore(database: database)) : nil
        let watchlist =
            personal
            ? StoredWatchlist(store: DatabaseWatchlistStore(database: database), market: market, listings: ListingSearch())
            : nil
        let alerts =
            personal
            ? PriceAlerts(
                store: DatabaseAlertStore(database: database), listings: ListingSearch(), notifier: notifier, logger: quiet)
            : nil
        let features = AppFeatures(
            market: market, search: ListingSearch(), gnb: gnb,
            exchange: ExchangeVenue(desk: desk, source: .simulated, symbol: "AAPL"), watchlist: watchlist, alerts: alerts,
            notifier: notifier, accounts: accounts,
            leaderboard: ExchangeLeaderboard(desk: desk, settings: DatabaseServerSettingStore(database: database)),
            metrics: prometheusMetrics())
        let router = buildRouter(features)
        let app = Application(
            router: router, server: .http1WebSocketUpgrade(webSocketRouter: router), services: [desk, desk.broadcaster],
            logger: quiet)
        return Fixture(
            router: router, app: app, accounts: accounts, desk: desk, database: database, watchlist: watchlist,
            alerts: alerts, notifier: notifier)
    }

    /// Every route the router has, with its parameters filled in.
    static func everyRoute(_ router: Router<AppRequestContext>) -> [(method: HTTPRequest.Method, path: String)] {
        router.routes.map { route in
            let path = route.path.description
                .replacingOccurrences(of: ":symbol", with: "AAPL")
                .replacingOccurrences(of: ":sku", with: "T2006")
                .replacingOccurrences(of: ":id", with: "1")
                .replacingOccurrences(of: ":name", with: "layout.css")  // /assets/:name; /icons/:name is open too
            return (route.method, path.hasPrefix("/") ? path : "/" + path)
        }
    }

    static func isOpen(_ path: String) -> Bool {
        [
            "/signin", "/api/v1/health", "/api/openapi.json", "/manifest.webmanifest", "/sw.js", "/offline",
            "/apple-touch-icon.png",
        ]
        .contains(path) || path.hasPrefix("/assets/") || path.hasPrefix("/icons/") || path.hasPrefix("/invite/")
            || path.hasPrefix("/api/v1/invitations/")
    }

    static func isPage(_ method: HTTPRequest.Method, _ path: String) -> Bool {
        method == .get && !path.hasPrefix("/api/") && !path.hasSuffix(".svg") && !path.hasSuffix("/ws")
            && path != "/metrics"
    }

    static func signIn(
        _ client: some TestClientProtocol, name: String = "ada", password: String = password
    ) async throws
        -> TestResponse
    {
        let form =
            "name=\(name)&password=\(password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&next=%2Fexchange"
        return try await client.execute(
            uri: "/signin", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: form))
    }

    /// The cookie's `name=value` from a `Set-Cookie`.
    static func cookie(_ response: TestResponse) throws -> String {
        let header = try #require(response.headers[.setCookie])
        return String(header.split(separator: ";")[0])
    }

    @Test func withoutCredentialsPagesGoToSignInAndEverythingElseIs401() async throws {
        let fixture = try await Self.fixture()
        let routes = Self.everyRoute(fixture.router).filter { !Self.isOpen($0.path) }
        #expect(routes.count >= 20)
        try await fixture.app.test(.router) { client in
            for route in routes {
                let response = try await client.execute(uri: route.path, method: route.method)
                if Self.isPage(route.method, route.path) {
                    #expect(response.status == .seeOther, "\(route.method) \(route.path)")
                    #expect(response.headers[.location]?.hasPrefix("/signin") == true, "\(route.path)")
                } else {
                    #expect(response.status == .unauthorized, "\(route.method) \(route.path)")
                    #expect(response.headers[.wwwAuthenticate] == #"Bearer realm="bourse""#)
                    #expect(String(buffer: response.body).contains(#""error":"sign in first"#), "\(route.path)")
                }
            }
        }
    }

    @Test func aSessionCookieAndAnAPITokenOpenEveryRoute() async throws {
        let fixture = try await Self.fixture()
        let token = try await fixture.accounts.createToken(name: "script")
        let routes = Self.everyRoute(fixture.router).filter { !Self.isOpen($0.path) && !$0.path.hasSuffix("/ws") }
        try await fixture.app.test(.router) { client in
            let cookie = try Self.cookie(try await Self.signIn(client))
            for route in routes where route.path != "/signout" {
                for headers: HTTPFields in [[.cookie: cookie], [.authorization: "Bearer \(token)"]] {
                    var headers = headers
                    if route.method != .get { headers[.contentType] = "application/json" }
                    let response = try await client.execute(
                        uri: route.path, method: route.method, headers: headers, body: ByteBuffer(string: "{}"))
                    #expect(
                        response.status != .unauthorized && response.status != .seeOther,
                        "\(route.method) \(route.path) with \(headers)")
                }
            }
        }
    }

    /// A scraper asking for the metrics is never sent to the sign-in page.
    @Test func theMetricsAnswer401NotTheSignInPage() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            let response = try await client.execute(uri: "/metrics", method: .get, headers: [.accept: "text/plain"])

            #expect(response.status == .unauthorized)
            #expect(response.headers[.wwwAuthenticate] == #"Bearer realm="bourse""#)
            #expect(response.headers[.location] == nil)
        }
    }

    /// The GNB stand-in is not on the app's router: `/gnb/rates` is a product's page like any
    /// other, signed in like one.
    @Test(arguments: ["/gnb/rates", "/gnb/transactions.xml"])
    func gnbPathsThatLookLikeTheServicesArePages(path: String) async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            let response = try await client.execute(uri: path, method: .get, headers: [.accept: "application/xml"])

            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == SignInTarget.signInPath(returningTo: path))
        }
    }

    @Test func theOpenPathsAnswerWithoutCredentials() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            for path in ["/signin", "/api/v1/health", "/api/openapi.json", Assets.url(for: "layout.css")] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .ok, "\(path)")
            }
        }
    }

    @Test func signingInSetsAStrictHttpOnlyCookieAndGoesBackWhereTheUserWas() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            let page = try await client.execute(uri: "/stocks/AAPL?range=5D", method: .get)
            #expect(page.headers[.location] == "/signin?next=%2Fstocks%2FAAPL%3Frange%3D5D")
            let form = try await client.execute(uri: page.headers[.location]!, method: .get)
            #expect(String(buffer: form.body).contains(#"name="next" value="/stocks/AAPL?range=5D""#))

            let response = try await Self.signIn(client)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/exchange")
            let setCookie = try #require(response.headers[.setCookie])
            #expect(setCookie.hasPrefix("bourse_session="))
            for attribute in ["HttpOnly", "SameSite=Strict", "Path=/"] { #expect(setCookie.contains(attribute)) }
            #expect(!setCookie.contains("Secure"))  // plain HTTP here; over TLS it is Secure

            let signedIn = try await client.execute(uri: "/exchange", method: .get, headers: [.cookie: try Self.cookie(response)])
            #expect(signedIn.status == .ok)
            #expect(String(buffer: signedIn.body).contains(#"action="/signout""#))
        }
    }

    @Test(arguments: ["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)"])
    func signInNeverSendsTheBrowserToAnotherSite(next: String) async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            let encoded = next.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let response = try await client.execute(
                uri: "/signin", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "name=ada&password=correct%20horse%20battery&next=\(encoded)"))
            #expect(response.headers[.location] == "/")
        }
    }

    @Test func aWrongNameOrPasswordGetsTheSameAnswerAndTheSixthTryIn429() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            let wrongPassword = try await Self.signIn(client, password: "not the password")
            let wrongName = try await Self.signIn(client, name: "eve")
            #expect(wrongPassword.status == .unauthorized)
            #expect(wrongName.status == .unauthorized)
            #expect(wrongPassword.headers[.setCookie] == nil)
            let message = "That name and password do not match"
            #expect(String(buffer: wrongPassword.body).contains(message))
            #expect(String(buffer: wrongName.body).contains(message))
            for _ in 0..<3 { _ = try await Self.signIn(client, password: "still wrong") }
            let throttled = try await Self.signIn(client)
            #expect(throttled.status == .tooManyRequests)
            #expect(Int(throttled.headers[.retryAfter] ?? "") ?? 0 > 0)
            #expect(throttled.headers[.setCookie] == nil)
        }
    }

    @Test func signingOutEndsTheSessionForGood() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            let cookie = try Self.cookie(try await Self.signIn(client))
            let out = try await client.execute(uri: "/signout", method: .post, headers: [.cookie: cookie])
            #expect(out.status == .seeOther)
            #expect(out.headers[.setCookie]?.contains("Max-Age=0") == true)
            let after = try await client.execute(uri: "/api/v1/orders", method: .get, headers: [.cookie: cookie])
            #expect(after.status == .unauthorized)
        }
    }

    @Test func aRevokedTokenAndAChangedPasswordAreRefused() async throws {
        let fixture = try await Self.fixture()
        let token = try await fixture.accounts.createToken(name: "script")
        let accounts = fixture.accounts
        try await fixture.app.test(.router) { client in
            let cookie = try Self.cookie(try await Self.signIn(client))
            try await accounts.revokeToken(name: "script")
            let revoked = try await client.execute(
                uri: "/api/v1/orders", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(revoked.status == .unauthorized)
            try await accounts.setPassword("another long password", name: "ada")
            let ended = try await client.execute(uri: "/api/v1/orders", method: .get, headers: [.cookie: cookie])
            #expect(ended.status == .unauthorized)
        }
    }

    @Test func aCookieSignedRequestFromAnotherSiteIsRefused() async throws {
        let fixture = try await Self.fixture()
        let desk = fixture.desk
        try await fixture.app.test(.router) { client in
            let cookie = try Self.cookie(try await Self.signIn(client))
            let body = ByteBuffer(string: #"{"side":"buy","type":"market","quantity":1}"#)
            let foreign = try await client.execute(
                uri: "/api/v1/orders", method: .post,
                headers: [.cookie: cookie, .contentType: "application/json", .origin: "http://evil.example"],
                body: body)
            #expect(foreign.status == .forbidden)
            #expect(try await desk.orders(limit: 10).isEmpty)
        }
    }

    @Test func withoutAPasswordNothingAsksForSignIn() async throws {
        let fixture = try await Self.fixture(passwordSet: false)
        try await fixture.app.test(.router) { client in
            #expect(try await client.execute(uri: "/api/v1/orders", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/exchange", method: .get).status == .ok)
            let signIn = try await client.execute(uri: "/signin", method: .get)
            #expect(signIn.status == .seeOther)
            #expect(signIn.headers[.location] == "/")
        }
    }

    /// The socket's upgrade is refused without credentials (Hummingbird answers a refused
    /// upgrade with 400 and closes the connection) and accepted with a session.
    @Test func theSocketRefusesWithoutASessionAndOpensWithOne() async throws {
        let fixture = try await Self.fixture()
        let secret = try await fixture.accounts.signIn(name: "ada", password: Self.password, client: "127.0.0.1")
        let upgrade: HTTPFields = [
            .connection: "Upgrade", .upgrade: "websocket", .secWebSocketVersion: "13",
            .secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ==",
        ]
        try await fixture.app.test(.live) { client in
            var withSession = upgrade
            withSession[.cookie] = "\(SessionCookie.name)=\(secret)"
            let opened = try await client.execute(uri: "/exchange/ws", method: .get, headers: withSession)
            #expect(opened.status == .switchingProtocols)
        }
        try await Self.fixture().app.test(.live) { client in
            let refused = try await client.execute(uri: "/exchange/ws", method: .get, headers: upgrade)
            #expect(refused.status == .badRequest)
        }
    }
}

/// A market source that is down: every route behind it answers (503), which is all the
/// sign-in tests need of it.
private struct UnavailableMarket: MarketDataProvider {
    func tickers(_ query: TickerQuery) async throws(MarketDataError) -> Fetched<TickerPage> { throw .unavailable("down") }
    func tickerDetails(_ symbol: String) async throws(MarketDataError) -> Fetched<TickerDetails> { throw .unavailable("down") }
    func aggregates(_ request: AggregatesRequest) async throws(MarketDataError) -> Fetched<[Bar]> { throw .unavailable("down") }
    func groupedDaily(_ date: MarketDate) async throws(MarketDataError) -> Fetched<[String: Bar]> { throw .unavailable("down") }
    func previousClose(_ symbol: String) async throws(MarketDataError) -> Fetched<Bar?> { throw .unavailable("down") }
}
