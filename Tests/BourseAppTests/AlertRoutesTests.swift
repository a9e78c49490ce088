import AlertsFeature
import BourseCore
import Exchange
import ExchangeLive
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MarketData
import MarketsFeature
import Storage
import TestSupport
import Testing

@testable import BourseApp

/// `/api/v1/alerts` over the real stack (the simulated market over loopback, the alerts in a
/// SQLite file, the listings deciding what is a stock), and each path a price fires one by.
@Suite("Price alerts")
struct AlertRoutesTests {
    struct Fixture {
        let live: LiveMarket
        let alerts: PriceAlerts
        let store: DatabaseAlertStore
        let app: Application<RouterResponder<AppRequestContext>>
    }

    /// The app as `bourse serve` wires it: every pricing the market uses goes to the alerts.
    static func fixture() async throws -> Fixture {
        let live = try await LiveMarket.start()
        let store = DatabaseAlertStore(database: try BourseDatabase(path: live.databasePath))
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let alerts = PriceAlerts(store: store, listings: ListingSearch(), now: live.now.closure, logger: quiet)
        live.service.pricingObservers.add { pricing in Task { await alerts.observe(pricing) } }
        let features = AppFeatures(market: live.service, search: ListingSearch(), alerts: alerts)
        return Fixture(live: live, alerts: alerts, store: store, app: Application(router: buildRouter(features)))
    }

    static func send(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, _ body: String,
        type: String = "application/json"
    ) async throws -> TestResponse {
        try await client.execute(uri: uri, method: method, headers: [.contentType: type], body: ByteBuffer(string: body))
    }

    /// The alerts as `GET /api/v1/alerts` lists them.
    static func list(_ client: some TestClientProtocol, _ query: String = "") async throws -> [[String: Any]] {
        try #require(
            try json(try await client.execute(uri: "/api/v1/alerts" + query, method: .get))["alerts"] as? [[String: Any]])
    }

    /// Waits (a bounded number of short sleeps) until alert `id` has fired, and returns it.
    static func firedAlert(_ client: some TestClientProtocol, _ id: String) async throws -> [String: Any]? {
        for _ in 0..<200 {
            if let alert = try await list(client).first(where: { $0["id"] as? String == id }),
                alert["status"] as? String == "fired"
            {
                return alert
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    @Test func setListChangeAndRemove() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            let created = try await Self.send(client, .post, "/api/v1/alerts", #"{"symbol":"msft","above":"100000.00"}"#)
            #expect(created.status == .created)
            let alert = try #require(try json(created)["alert"] as? [String: Any])
            #expect(alert["id"] as? String == "1")
            #expect(alert["symbol"] as? String == "MSFT")
            #expect(alert["above"] as? String == "100000.00")
            #expect(alert["below"] is NSNull)
            #expect(alert["status"] as? String == "armed")
            #expect(alert["condition"] as? String == "at or above 100000.00")

            let changed = try await Self.send(client, .put, "/api/v1/alerts/1", #"{"movePercent":"50"}"#)
            #expect(changed.status == .ok)
            let after = try #require(try json(changed)["alert"] as? [String: Any])
            #expect(after["symbol"] as? String == "MSFT")
            #expect(after["movePercent"] as? String == "50")
            #expect(after["above"] is NSNull)

            #expect(try await Self.list(client).map { $0["id"] as? String } == ["1"])
            #expect(try await client.execute(uri: "/api/v1/alerts/1", method: .delete).status == .noContent)
            #expect(try await client.execute(uri: "/api/v1/alerts/1", method: .delete).status == .notFound)
            #expect(try await Self.list(client).isEmpty)
        }
    }

    @Test(arguments: [
        (#"{"symbol":"ZZZZZQ","above":"1.00"}"#, "application/json", HTTPResponse.Status.badRequest, "no listed stock"),
        (#"{"symbol":"AAPL","above":"1.001"}"#, "application/json", .badRequest, "on the tick"),
        (#"{"symbol":"AAPL","below":"0"}"#, "application/json", .badRequest, "above 0"),
        (#"{"symbol":"AAPL","movePercent":"-2"}"#, "application/json", .badRequest, "above 0"),
        (#"{"symbol":"<b>","above":"1"}"#, "application/json", .badRequest, "not a ticker symbol"),
        (#"{"symbol":"AAPL","above":"1""#, "application/json", .badRequest, "not JSON"),
        (#"symbol=AAPL&above=1"#, "application/x-www-form-urlencoded", .unsupportedMediaType, "as JSON"),
    ])
    func aBadAlertIsRefusedWithItsReasonAndNothingIsWritten(
        body: String, type: String, status: HTTPResponse.Status, message: String
    ) async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            let response = try await Self.send(client, .post, "/api/v1/alerts", body, type: type)
            #expect(response.status == status)
            #expect((try json(response)["error"] as? String)?.contains(message) == true)
            #expect(try await fixture.store.alerts(of: .owner).isEmpty)
        }
    }

    @Test func theFiveHundredAndFirstIsAConflict() async throws {
        let fixture = try await Self.fixture()
        let t0 = fixture.live.now.date
        _ = try await fixture.store.update(of: .owner) { _, _ in
            .success(
                (1...Alerts.maximumCount).map {
                    Alert(id: String($0), symbol: "AAPL", condition: .above(Price(ticks: 1)), createdAt: t0)
                })
        }.get()
        try await fixture.app.test(.router) { client in
            let response = try await Self.send(client, .post, "/api/v1/alerts", #"{"symbol":"KO","below":"1.00"}"#)
            #expect(response.status == .conflict)
            #expect((try json(response)["error"] as? String)?.contains("the most is 500") == true)
            let unknown = try await Self.send(client, .put, "/api/v1/alerts/999", #"{"below":"1.00"}"#)
            #expect(unknown.status == .notFound)
        }
        #expect(try await fixture.store.alerts(of: .owner).count == Alerts.maximumCount)
    }

    @Test func aListThatMeetsAnAlertFiresItOnceAtTheListsPrice() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            _ = try await Self.send(client, .post, "/api/v1/alerts", #"{"symbol":"AAPL","above":"0.01"}"#)
            _ = try await Self.send(client, .post, "/api/v1/alerts", #"{"symbol":"AAPL","below":"0.01"}"#)
            let list = try json(try await client.execute(uri: "/api/v1/tickers?limit=1000", method: .get))
            let rows = try #require(list["results"] as? [[String: Any]])
            let aapl = try #require(rows.first { $0["symbol"] as? String == "AAPL" })

            let fired = try #require(try await Self.firedAlert(client, "1"), "the list's prices fire the alert")
            #expect(fired["price"] as? String == aapl["price"] as? String)
            #expect(fired["changePercent"] as? String == aapl["changePercent"] as? String)
            #expect(fired["firedAt"] is String)
            // The other is not met; a fired one stays fired, once, until re-armed.
            let all = try await Self.list(client)
            #expect(all.map { $0["status"] as? String } == ["fired", "armed"])
            #expect(try await Self.list(client, "?status=fired").map { $0["id"] as? String } == ["1"])

            // Re-armed with a condition the known price already meets: it fires at once.
            let rearmed = try json(try await Self.send(client, .put, "/api/v1/alerts/1", #"{"above":"0.02"}"#))
            #expect((rearmed["alert"] as? [String: Any])?["status"] as? String == "fired")
        }
    }

    @Test func aStocksPageFiresAnAlertSetBeforeAnyPriceWasKnown() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            _ = try await Self.send(client, .post, "/api/v1/alerts", #"{"symbol":"MSFT","movePercent":"0.01"}"#)
            let stock = try json(try await client.execute(uri: "/api/v1/stocks/MSFT", method: .get))
            let fired = try #require(try await Self.firedAlert(client, "1"))
            #expect(fired["price"] as? String == stock["price"] as? String)
        }
    }

    @Test func theBackgroundRefreshFiresWithNoPageAsked() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            _ = try await Self.send(client, .post, "/api/v1/alerts", #"{"symbol":"KO","above":"0.01"}"#)
            let refresh = PriceRefresh(alerts: fixture.alerts, market: fixture.live.service, watchlist: nil)
            #expect(await refresh.run() == ["KO"])
            #expect(try await Self.firedAlert(client, "1") != nil)

            // One the command line sets (straight into the store) meets the same pricing: the
            // next refresh reads it and fires it, though the pricing has not changed.
            let t0 = fixture.live.now.date
            _ = try await fixture.store.update(of: .owner) { alerts, lastID in
                Alerts.adding(
                    AlertRequest(symbol: "MSFT", condition: .above(Price(ticks: 1))), to: alerts, lastID: lastID, at: t0)
            }.get()
            #expect(await refresh.run() == ["MSFT"])
            #expect(try await Self.firedAlert(client, "2") != nil)
        }
    }

    @Test func theExchangeFeedsLastTradeFiresWithinTheTick() async throws {
        let fixture = try await Self.fixture()
        let exchange = try await ExchangeRoutesTests.fixture()
        _ = try await fixture.alerts.add(AlertRequest(symbol: "AAPL", condition: .above(Price(ticks: 10_125))), for: .owner)
        _ = try await fixture.alerts.add(AlertRequest(symbol: "AAPL", condition: .below(Price(ticks: 10_000))), for: .owner)
        try await exchange.app.test(.router) { _ in
            let watching = Task { await fixture.alerts.watch(exchange.desk) }
            defer { watching.cancel() }
            // Ticks until the watcher has subscribed: the first it sees, at 101.25, fires alert 1.
            var seq: Int64 = 0
            var fired: [Alert] = []
            while fired.isEmpty, seq < 500 {
                seq += 1
                await exchange.desk.handle(.tick(try ExchangeRoutesTests.tick(seq, last: "101.25")))
                try await Task.sleep(for: .milliseconds(5))
                fired = try await fixture.alerts.list(for: .owner).filter { $0.status == .fired }
            }
            #expect(fired.map(\.id) == ["1"])
            #expect(fired.first?.firedPrice == ExactDecimal("101.25"))
            // At the time of the tick that met it (the watcher may see one a little after it is sent).
            let times = try (1...seq).map { try ExchangeRoutesTests.tick($0, last: "101.25").time }
            #expect(fired.first?.firedAt.map(times.contains) == true)
        }
    }
}
