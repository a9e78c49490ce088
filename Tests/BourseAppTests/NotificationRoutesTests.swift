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
import NotificationsFeature
import Storage
import TestSupport
import Testing
import WebPush

@testable import BourseApp

/// The bell and Web Push's routes over the real stack (the notices in a SQLite file):
/// `/api/v1/notifications`, `/api/v1/push/key`, `/subscriptions`, `/settings`, and the notices
/// a fired alert and an order's fills make (SPEC.md §11).
@Suite("Notifications and push routes")
struct NotificationRoutesTests {
    /// RFC 8291 Appendix A's user agent: a valid P-256 point and a 16-byte auth secret.
    static let p256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let auth = "BTBZMqHH6r4Tts7J_aSIgg"

    static func subscription(_ endpoint: String, p256dh: String = p256dh, auth: String = auth) -> String {
        #"{"endpoint":"\#(endpoint)","expirationTime":null,"keys":{"p256dh":"\#(p256dh)","auth":"\#(auth)"}}"#
    }

    /// The app with the notices; push endpoints on loopback allowed unless `endpoints` says
    /// otherwise (the tests' push services listen on 127.0.0.1).
    static func app(
        _ database: BourseDatabase, endpoints: PushEndpointPolicy = PushEndpointPolicy(allowPrivate: true)
    ) -> (Application<RouterResponder<AppRequestContext>>, Notifier) {
        let market = Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })
        let notifier = Notifier(store: DatabaseNotificationStore(database: database))
        let features = AppFeatures(market: market, notifier: notifier, pushEndpoints: endpoints)
        return (Application(router: buildRouter(features)), notifier)
    }

    static func send(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, _ body: String = "",
        type: String = "application/json"
    ) async throws -> TestResponse {
        try await client.execute(uri: uri, method: method, headers: [.contentType: type], body: ByteBuffer(string: body))
    }

    static func notices(_ client: some TestClientProtocol) async throws -> (notices: [[String: Any]], unseen: Int?) {
        let body = try json(try await client.execute(uri: "/api/v1/notifications", method: .get))
        return (try #require(body["notifications"] as? [[String: Any]]), body["unseen"] as? Int)
    }

    @Test func theKeyIsMadeOnceAndKeptAcrossARestart() async throws {
        let database = try TemporaryDatabase()
        let first = try await Self.app(database.database).0.test(.router) { client in
            let key = try #require(
                try json(try await client.execute(uri: "/api/v1/push/key", method: .get))["publicKey"] as? String)
            let again = try json(try await client.execute(uri: "/api/v1/push/key", method: .get))["publicKey"] as? String
            #expect(again == key)
            return key
        }
        #expect(first.count == 87)  // 65 bytes in base64url, unpadded
        #expect(first.hasPrefix("B"))  // 0x04: an uncompressed point
        try database.database.close()
        try await Self.app(try BourseDatabase(path: database.path)).0.test(.router) { client in
            let after = try json(try await client.execute(uri: "/api/v1/push/key", method: .get))["publicKey"] as? String
            #expect(after == first)
        }
    }

    @Test func aSubscriptionIsAddedOnceListedByItsOriginAndRemovedByItsEndpoint() async throws {
        let database = try TemporaryDatabase()
        try await Self.app(database.database).0.test(.router) { client in
            let endpoint = "http://127.0.0.1:9/push/device-1"
            let created = try await Self.send(client, .post, "/api/v1/push/subscriptions", Self.subscription(endpoint))
            #expect(created.status == .created)
            let subscription = try #require(try json(created)["subscription"] as? [String: Any])
            #expect(subscription["origin"] as? String == "http://127.0.0.1:9")
            let again = try await Self.send(client, .post, "/api/v1/push/subscriptions", Self.subscription(endpoint))
            #expect(again.status == .ok)
            #expect((try json(again)["subscription"] as? [String: Any])?["id"] as? String == subscription["id"] as? String)

            let listed = try json(try await client.execute(uri: "/api/v1/push/subscriptions", method: .get))
            let all = try #require(listed["subscriptions"] as? [[String: Any]])
            #expect(all.count == 1)
            #expect(all.first?["endpoint"] == nil)  // the path names a device: not shown

            let encoded = try #require(endpoint.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            #expect(try await Self.send(client, .delete, "/api/v1/push/subscriptions?endpoint=\(encoded)").status == .noContent)
            #expect(try await Self.send(client, .delete, "/api/v1/push/subscriptions?endpoint=\(encoded)").status == .notFound)
            #expect(try await Self.send(client, .delete, "/api/v1/push/subscriptions").status == .badRequest)
        }
    }

    @Test(arguments: [
        (subscription("http://example.com/push/1"), "https"),
        (subscription("ftp://127.0.0.1/push/1"), "https"),
        (subscription("https://push.example/1", p256dh: "BAAA"), "p256dh"),
        (subscription("https://push.example/1", auth: "AAAA"), "auth must be 16 bytes"),
        (#"{"endpoint":"https://push.example/1"}"#, "PushSubscription"),
        ("[1, 2", "PushSubscription"),
    ])
    func aSubscriptionThatCannotBeUsedIsA400AndNothingIsStored(body: String, message: String) async throws {
        let database = try TemporaryDatabase()
        try await Self.app(database.database).0.test(.router) { client in
            let response = try await Self.send(client, .post, "/api/v1/push/subscriptions", body)
            #expect(response.status == .badRequest)
            #expect((try json(response)["error"] as? String)?.contains(message) == true)
            #expect(try await DatabaseNotificationStore(database: database.database).subscribers(of: .owner).isEmpty)
        }
    }

    /// SPEC §14: with several people on one server, a device's endpoint is someone's input that
    /// the server POSTs to, so it must be https on a public address.
    @Test(arguments: [
        "http://127.0.0.1:9/push/1", "https://127.0.0.1/push/1", "https://10.1.2.3/push/1", "https://172.16.0.9/p",
        "https://172.31.255.1/p", "https://192.168.1.20/p", "https://169.254.169.254/latest/meta-data", "https://0.0.0.0/p",
        "https://[::1]/p", "https://[fe80::1]/p", "https://[fd12:3456::1]/p", "https://[::]/p", "https://[::ffff:10.0.0.1]/p",
    ])
    func anEndpointOnAnAddressInsideIsA400OnASharedServer(endpoint: String) async throws {
        let database = try TemporaryDatabase()
        try await Self.app(database.database, endpoints: .publicOnly).0.test(.router) { client in
            let response = try await Self.send(client, .post, "/api/v1/push/subscriptions", Self.subscription(endpoint))
            #expect(response.status == .badRequest, "\(endpoint)")
            let message = try json(response)["error"] as? String ?? ""
            #expect(message.contains("public addresses only") || message.contains("must be https"), "\(message)")
            #expect(try await DatabaseNotificationStore(database: database.database).subscribers(of: .owner).isEmpty)
        }
    }

    @Test(arguments: ["https://fcm.googleapis.com/fcm/send/abc", "https://172.32.0.1/p", "https://[2001:db8::1]/p"])
    func anEndpointOnAPublicAddressOrANameIsKept(endpoint: String) async throws {
        let database = try TemporaryDatabase()
        try await Self.app(database.database, endpoints: .publicOnly).0.test(.router) { client in
            let response = try await Self.send(client, .post, "/api/v1/push/subscriptions", Self.subscription(endpoint))
            #expect(response.status == .created, "\(endpoint)")
        }
    }

    @Test func aSubscriptionSentAsAFormIsA415() async throws {
        let database = try TemporaryDatabase()
        try await Self.app(database.database).0.test(.router) { client in
            let response = try await Self.send(
                client, .post, "/api/v1/push/subscriptions", Self.subscription("https://push.example/1"),
                type: "application/x-www-form-urlencoded")
            #expect(response.status == .unsupportedMediaType)
        }
    }

    @Test func theSettingsChangeOneKindAtATimeAndRefuseAnythingElse() async throws {
        let database = try TemporaryDatabase()
        try await Self.app(database.database).0.test(.router) { client in
            let defaults = try json(try await client.execute(uri: "/api/v1/push/settings", method: .get))
            #expect(
                defaults["alerts"] as? Bool == true && defaults["fills"] as? Bool == true && defaults["orders"] as? Bool == true)

            let changed = try json(try await Self.send(client, .put, "/api/v1/push/settings", #"{"fills":false}"#))
            #expect(changed["alerts"] as? Bool == true && changed["fills"] as? Bool == false)

            for bad in [#"{"fills":"no"}"#, #"{"fills":true,"sms":true}"#, "[]", "{"] {
                #expect(try await Self.send(client, .put, "/api/v1/push/settings", bad).status == .badRequest)
            }
            let after = try json(try await client.execute(uri: "/api/v1/push/settings", method: .get))
            #expect(after["fills"] as? Bool == false && after["alerts"] as? Bool == true && after["orders"] as? Bool == true)
        }
    }

    @Test func aFiredAlertIsListedUnseenUntilTheBellIsOpened() async throws {
        let live = try await LiveMarket.start()
        let database = try BourseDatabase(path: live.databasePath)
        let notifier = Notifier(store: DatabaseNotificationStore(database: database))
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let alerts = PriceAlerts(
            store: DatabaseAlertStore(database: database), listings: ListingSearch(), notifier: notifier,
            now: live.now.closure, logger: quiet)
        live.service.pricingObservers.add { pricing in Task { await alerts.observe(pricing) } }
        let features = AppFeatures(market: live.service, search: ListingSearch(), alerts: alerts, notifier: notifier)
        try await Application(router: buildRouter(features)).test(.router) { client in
            #expect(try await client.execute(uri: "/api/v1/stocks/AAPL", method: .get).status == .ok)
            let created = try await Self.send(client, .post, "/api/v1/alerts", #"{"symbol":"AAPL","above":"0.01"}"#)
            #expect((try json(created)["alert"] as? [String: Any])?["status"] as? String == "fired")

            let (notices, unseen) = try await Self.notices(client)
            #expect(notices.count == 1)
            #expect(unseen == 1)
            #expect(notices.first?["kind"] as? String == "alert")
            #expect(notices.first?["title"] as? String == "AAPL at or above 0.01")
            #expect(notices.first?["url"] as? String == "/stocks/AAPL")
            #expect((notices.first?["body"] as? String)?.hasPrefix("AAPL traded at ") == true)

            #expect(try await Self.send(client, .post, "/api/v1/notifications/seen").status == .noContent)
            #expect(try await Self.notices(client).unseen == 0)
            #expect(try await Self.notices(client).notices.count == 1)
        }
    }

    @Test func anAlertFiredByAnExchangeTradeSaysTheExchangesPriceIsNotThePages() async throws {
        let temporary = try TemporaryDatabase()
        let notices = DatabaseNotificationStore(database: temporary.database)
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let alerts = PriceAlerts(
            store: DatabaseAlertStore(database: temporary.database), listings: nil, notifier: Notifier(store: notices),
            logger: quiet)
        _ = try await alerts.add(AlertRequest(symbol: "AAPL", condition: .above(try Price(parsing: "138.90"))), for: .owner)
        let fired = await alerts.observe([
            PriceAlerts.Observation(
                symbol: "AAPL", price: ExactDecimal("138.95"), changePercent: ExactDecimal("0.01"), time: Date(),
                origin: .exchange)
        ])
        #expect(fired.count == 1)
        let body = try await notices.notices(of: .owner, limit: 10).notices.first?.body
        #expect(body == "AAPL traded at 138.95 on the exchange (+0.01 % since the last close)")
    }

    @Test func anOrdersFillsAndAnOrderCancelledAreNoticesAndAPlacedOneIsNot() async throws {
        let exchange = try await ExchangeRoutesTests.fixture()
        let notifier = Notifier(store: DatabaseNotificationStore(database: exchange.database.database))
        let (app, _) = Self.app(exchange.database.database)
        try await exchange.app.test(.router) { client in
            let watching = Task { await notifier.watch(exchange.desk, symbol: "AAPL") }
            defer { watching.cancel() }
            await exchange.desk.handle(.state(.live))
            // Ticks until the watcher has subscribed (the first order event after it is seen).
            try await Task.sleep(for: .milliseconds(100))
            await exchange.desk.handle(.tick(try ExchangeRoutesTests.tick(1)))
            #expect(
                try await ExchangeRoutesTests.post(client, #"{"side":"buy","type":"market","quantity":600}"#).status == .created)
            // A resting limit order: placed (no notice), then cancelled (one).
            #expect(
                try await ExchangeRoutesTests.post(client, #"{"side":"buy","type":"limit","quantity":10,"price":"90.00"}"#)
                    .status == .created)
            #expect(try await client.execute(uri: "/api/v1/orders/2", method: .delete).status == .ok)
            // The watcher posts them as the desk publishes them (a bounded wait).
            for _ in 0..<300 where try await notifier.store.notices(of: .owner, limit: 10).notices.count < 2 {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        try await app.test(.router) { client in
            let listed = try await Self.notices(client).notices
            // Newest first.
            #expect(listed.map { $0["kind"] as? String } == ["order", "fill"])
            #expect(listed.map { $0["title"] as? String } == ["Order 2 (AAPL) cancelled", "Bought 500 (AAPL), order 1"])
            #expect(listed.last?["body"] as? String == "bought 500 of 600 at 101.266; 100 could not be filled")
            #expect(listed.allSatisfy { $0["url"] as? String == "/exchange" })
        }
    }

    /// SPEC §14: a fill's notice goes to the order's account, not the owner's.
    @Test func aFillsNoticeGoesToTheOrdersAccountOnly() async throws {
        let exchange = try await ExchangeRoutesTests.fixture()
        let database = exchange.database.database
        let ann = try await database.addPerson("ann")
        let notifier = Notifier(store: DatabaseNotificationStore(database: database))
        let desk = exchange.desk
        try await exchange.app.test(.router) { _ in
            let watching = Task { await notifier.watch(desk, symbol: "AAPL") }
            defer { watching.cancel() }
            await desk.handle(.state(.live))
            try await Task.sleep(for: .milliseconds(100))
            await desk.handle(.tick(try ExchangeRoutesTests.tick(1)))
            let bought = try await desk.place(try .market(.buy, quantity: 10), account: ann)
            #expect(bought.order.status == .filled)
            for _ in 0..<300 where try await notifier.store.notices(of: ann, limit: 10).notices.isEmpty {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        #expect(try await notifier.store.notices(of: ann, limit: 10).notices.map(\.kind) == [.fill])
        #expect(try await notifier.store.notices(of: .owner, limit: 10).notices.isEmpty)
    }

    @Test(arguments: ["0", "201", "ten", ""])
    func aLimitOutsideOneToTwoHundredIsA400(limit: String) async throws {
        let database = try TemporaryDatabase()
        try await Self.app(database.database).0.test(.router) { client in
            let response = try await client.execute(uri: "/api/v1/notifications?limit=\(limit)", method: .get)
            #expect(response.status == .badRequest)
        }
    }
}
