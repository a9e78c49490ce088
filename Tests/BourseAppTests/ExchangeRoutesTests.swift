import BourseCore
import Exchange
import ExchangeFeature
import ExchangeLive
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MarketData
import Storage
import TestSupport
import Testing

@testable import BourseApp

/// The exchange API: router -> trading desk -> engine and a real SQLite file. Ticks are handed
/// to the desk as the feed client would.
@Suite("Exchange routes")
struct ExchangeRoutesTests {
    struct Fixture {
        let app: Application<RouterResponder<AppRequestContext>>
        let desk: TradingDesk
        let database: TemporaryDatabase
    }

    /// The app runs the desk and its broadcaster as services while a test's `app.test` runs;
    /// `reopening` an earlier fixture's database is the app after a restart.
    static func fixture(reopening earlier: TemporaryDatabase? = nil) async throws -> Fixture {
        let database = try earlier ?? TemporaryDatabase()
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let desk = try await TradingDesk(
            store: DatabaseOrderStore(database: earlier == nil ? database.database : try BourseDatabase(path: database.path)),
            now: { Date(timeIntervalSince1970: 1_763_820_000) }, logger: quiet)
        let market = Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })
        let exchange = ExchangeVenue(desk: desk, source: .simulated, symbol: "AAPL")
        let app = Application(
            router: buildRouter(AppFeatures(market: market, exchange: exchange)), services: [desk, desk.broadcaster])
        return Fixture(app: app, desk: desk, database: database)
    }

    /// A live book: asks 101.26 x 200, 101.27 x 300; bids 101.24 x 300, 101.23 x 500.
    static func tick(
        _ seq: Int64, asks: [(String, Int)] = [("101.26", 200), ("101.27", 300)],
        bids: [(String, Int)] = [("101.24", 300), ("101.23", 500)], last: String = "101.25"
    ) throws -> FeedTick {
        FeedTick(
            seq: seq, time: Date(timeIntervalSince1970: 1_763_820_000 + Double(seq)), symbol: "AAPL",
            last: LastTrade(price: try Price(parsing: last), size: 100),
            bids: try bids.map { BookLevel(price: try Price(parsing: $0.0), quantity: $0.1) },
            asks: try asks.map { BookLevel(price: try Price(parsing: $0.0), quantity: $0.1) })
    }

    static func post(_ client: some TestClientProtocol, _ body: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/orders", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
    }

    @Test func aMarketBuySweepsTheAsksAndSaysWhatCouldNotBeFilled() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            await fixture.desk.handle(.state(.live))
            await fixture.desk.handle(.tick(try Self.tick(1)))
            let response = try await Self.post(client, #"{"side":"buy","type":"market","quantity":600}"#)

            #expect(response.status == .created)
            let body = try json(response)
            let order = try #require(body["order"] as? [String: Any])
            #expect(order["status"] as? String == "CANCELLED")
            #expect(order["filledQuantity"] as? Int == 500)
            #expect(order["averagePrice"] as? String == "101.266")
            let fills = try #require(body["fills"] as? [[String: Any]])
            #expect(fills.map { $0["price"] as? String } == ["101.26", "101.27"])
            #expect(fills.map { $0["quantity"] as? Int } == [200, 300])
            #expect(body["notice"] as? String == "bought 500 of 600 at 101.266; 100 could not be filled")

            // The liquidity it took is gone from the book until the next tick.
            let book = try json(try await client.execute(uri: "/api/v1/book", method: .get))
            #expect((book["asks"] as? [Any])?.isEmpty == true)
            #expect(book["state"] as? String == "live")
            #expect(book["symbol"] as? String == "AAPL")
        }
    }

    @Test(arguments: [
        (#"{"side":"buy","type":"market","quantity":0}"#, "quantity 0 must be at least 1 share"),
        (#"{"side":"buy","type":"market","quantity":-5}"#, "quantity -5 must be at least 1 share"),
        (#"{"side":"buy","type":"market","quantity":1.5}"#, "not a whole number"),
        (#"{"side":"buy","type":"market","quantity":"abc"}"#, "not a number"),
        (#"{"side":"buy","type":"market"}"#, "\"quantity\" is missing"),
        (#"{"side":"buy","type":"limit","quantity":10}"#, "a limit order needs a \"price\""),
        (#"{"side":"buy","type":"limit","quantity":10,"price":"101.255"}"#, "off the tick size"),
        (#"{"side":"buy","type":"limit","quantity":10,"price":"0"}"#, "must be above zero"),
        // Found while writing the API contract: 38 digits overflowed Int128 when made ticks, and the
        // server died.
        (
            #"{"side":"buy","type":"limit","quantity":10,"price":"99999999999999999999999999999999999999"}"#,
            "is more than the largest price an order may have, 92233720368547758.07"
        ),
        (#"{"side":"hold","type":"market","quantity":10}"#, "unknown side \"hold\""),
        (#"{"side":"buy","type":"iceberg","quantity":10}"#, "unknown type \"iceberg\""),
        // SPEC.md §10: each type's prices, time in force and bracket (every combination is in
        // BourseCoreTests' OrderRequestKindsTests; these go through the route).
        (#"{"side":"buy","type":"stop","quantity":10}"#, "a stop order needs a \"stopPrice\""),
        (#"{"side":"buy","type":"stop_limit","quantity":10,"stopPrice":"101.00"}"#, "a stop_limit order needs a \"price\""),
        (#"{"side":"buy","type":"limit","quantity":10,"price":"1.00","stopPrice":"2.00"}"#, "takes no \"stopPrice\""),
        (#"{"side":"buy","type":"trailing_stop","quantity":10}"#, "needs a \"trailAmount\""),
        (#"{"side":"buy","type":"trailing_stop","quantity":10,"trailAmount":"1.00","trailPercent":"2"}"#, "not both"),
        (#"{"side":"buy","type":"trailing_stop","quantity":10,"trailPercent":"51"}"#, "at most 50"),
        (#"{"side":"buy","type":"market","quantity":10,"timeInForce":"gtc"}"#, "cannot be \"gtc\""),
        (#"{"side":"buy","type":"stop","quantity":10,"stopPrice":"1.00","timeInForce":"fok"}"#, "cannot be \"fok\""),
        (#"{"side":"buy","type":"limit","quantity":10,"price":"1.00","timeInForce":"week"}"#, "unknown timeInForce"),
        (#"{"side":"buy","type":"stop","quantity":10,"stopPrice":"1.00","takeProfit":"2.00"}"#, "takes no \"takeProfit\""),
        (
            #"{"side":"buy","type":"limit","quantity":10,"price":"100.00","takeProfit":"99.00"}"#,
            "takeProfit 99.00 must be above the limit 100.00 for a buy"
        ),
        (#"{"side":"buy","type":"market","quantity":10,"price":"101.00"}"#, "a market order takes no price"),
        (#"not json"#, "the body is not JSON"),
        (#"[1,2]"#, "an order is a JSON object"),
    ])
    func aBadOrderIsRefusedWithAClearErrorAndNeverBecomesAnOrder(body: String, message: String) async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            await fixture.desk.handle(.tick(try Self.tick(1)))
            let response = try await Self.post(client, body)

            #expect(response.status == .badRequest)
            let error = try #require(try json(response)["error"] as? String)
            #expect(error.contains(message), "\(error)")
            let orders = try json(try await client.execute(uri: "/api/v1/orders", method: .get))
            #expect((orders["orders"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func aLimitOrderRestsFillsOnALaterTickAndKeepsItsFillsWhenCancelled() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            await fixture.desk.handle(.state(.live))
            await fixture.desk.handle(.tick(try Self.tick(1)))
            let placed = try json(
                try await Self.post(client, #"{"side":"buy","type":"limit","quantity":100,"price":"101.20"}"#))
            let id = try #require((placed["order"] as? [String: Any])?["id"] as? String)
            #expect((placed["order"] as? [String: Any])?["status"] as? String == "PENDING")

            // The market comes down to the limit: 40 shares offered at 101.20.
            await fixture.desk.handle(.tick(try Self.tick(2, asks: [("101.20", 40), ("101.22", 100)], bids: [("101.18", 100)])))
            let partly = try json(try await client.execute(uri: "/api/v1/orders/\(id)", method: .get))
            #expect((partly["order"] as? [String: Any])?["status"] as? String == "PARTIALLY_FILLED")
            #expect((partly["fills"] as? [[String: Any]])?.first?["seq"] as? Int == 2)
            let open = try json(try await client.execute(uri: "/api/v1/orders?status=open", method: .get))
            #expect((open["orders"] as? [[String: Any]])?.map { $0["id"] as? String } == [id])

            let cancelled = try await client.execute(uri: "/api/v1/orders/\(id)", method: .delete)
            #expect(cancelled.status == .ok)
            let order = try #require(try json(cancelled)["order"] as? [String: Any])
            #expect(order["status"] as? String == "CANCELLED")
            #expect(order["filledQuantity"] as? Int == 40)
            #expect(order["reason"] as? String == "cancelled by the user")

            let again = try await client.execute(uri: "/api/v1/orders/\(id)", method: .delete)
            #expect(again.status == .conflict)
            let unknown = try await client.execute(uri: "/api/v1/orders/999", method: .delete)
            #expect(unknown.status == .notFound)
            let missing = try await client.execute(uri: "/api/v1/orders/999", method: .get)
            #expect(missing.status == .notFound)

            let position = try json(try await client.execute(uri: "/api/v1/position", method: .get))
            #expect(position["quantity"] as? Int == 40)
            #expect(position["averageCost"] as? String == "101.20")
            #expect(position["costBasis"] as? String == "4048.00")
        }
    }

    @Test func aMarketOrderWithNoLiveFeedIsRejectedAndALimitOrderWaits() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            await fixture.desk.handle(.tick(try Self.tick(1)))
            await fixture.desk.handle(.state(.reconnecting(attempt: 1, retryIn: .seconds(1))))
            let market = try json(try await Self.post(client, #"{"side":"sell","type":"market","quantity":10}"#))
            #expect((market["order"] as? [String: Any])?["status"] as? String == "REJECTED")
            let limit = try json(
                try await Self.post(client, #"{"side":"sell","type":"limit","quantity":10,"price":"101.00"}"#))
            #expect((limit["order"] as? [String: Any])?["status"] as? String == "PENDING")
            let book = try json(try await client.execute(uri: "/api/v1/book", method: .get))
            #expect(book["state"] as? String == "reconnecting")
            #expect((book["bids"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func aRefusedFeedSaysWhyAndWhatToFixAndNothingMatches() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            await fixture.desk.handle(.state(.live))
            await fixture.desk.handle(.tick(try Self.tick(1)))
            let refusal = FeedRefusal(
                reason: "Alpaca refused the connection (402 auth failed)", fix: "check APCA_API_KEY_ID and APCA_API_SECRET_KEY")
            await fixture.desk.handle(.state(.refused(refusal)))
            let book = try json(try await client.execute(uri: "/api/v1/book", method: .get))
            #expect(book["state"] as? String == "refused")
            let said = try #require(book["refusal"] as? [String: Any])
            #expect(said["reason"] as? String == refusal.reason && said["fix"] as? String == refusal.fix)
            #expect((book["bids"] as? [Any])?.isEmpty == true)
            let market = try json(try await Self.post(client, #"{"side":"buy","type":"market","quantity":10}"#))
            #expect((market["order"] as? [String: Any])?["status"] as? String == "REJECTED")
            await fixture.desk.handle(.state(.live))
            let live = try json(try await client.execute(uri: "/api/v1/book", method: .get))
            #expect(live["state"] as? String == "live" && live["refusal"] == nil)
        }
    }

    @Test func openOrdersResumeAfterARestartOnTheSameDatabase() async throws {
        let first = try await Self.fixture()
        let placed = try await first.app.test(.router) { _ in
            await first.desk.handle(.state(.live))
            await first.desk.handle(.tick(try Self.tick(1)))
            return try await first.desk.place(try .limit(.sell, quantity: 100, price: try Price(parsing: "101.30")))
        }

        let second = try await Self.fixture(reopening: first.database)
        try await second.app.test(.router) { client in
            await second.desk.handle(.state(.live))
            await second.desk.handle(.tick(try Self.tick(1, bids: [("101.31", 60)])))
            let body = try json(try await client.execute(uri: "/api/v1/orders/\(placed.order.id)", method: .get))
            let order = try #require(body["order"] as? [String: Any])
            #expect(order["status"] as? String == "PARTIALLY_FILLED")
            #expect(order["filledQuantity"] as? Int == 60)
            #expect(order["averagePrice"] as? String == "101.31")
            // Numbering goes on from the last order.
            let next = try json(try await Self.post(client, #"{"side":"buy","type":"market","quantity":1}"#))
            #expect((next["order"] as? [String: Any])?["id"] as? String == "2")
        }
    }

    @Test func anOrderAfterTheDeskHasShutDownIsRefusedWith503() async throws {
        let fixture = try await Self.fixture()
        // The app runs the desk, then shuts it down as SIGTERM would.
        try await fixture.app.test(.router) { _ in }
        let market = Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })
        let exchange = ExchangeVenue(desk: fixture.desk, source: .simulated, symbol: "AAPL")
        let stopped = Application(router: buildRouter(AppFeatures(market: market, exchange: exchange)))

        try await stopped.test(.router) { client in
            let response = try await Self.post(client, #"{"side":"buy","type":"market","quantity":10}"#)

            #expect(response.status == .serviceUnavailable)
            let error = try #require(try json(response)["error"] as? String)
            #expect(error.contains("shutting down"), "\(error)")
            #expect(try await fixture.desk.orders(limit: 10).isEmpty)
        }
    }

    @Test func anOrderThatIsNotSentAsJSONIsRefused() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            await fixture.desk.handle(.state(.live))
            await fixture.desk.handle(.tick(try Self.tick(1)))
            // What a form on another site could send without a CORS preflight.
            let response = try await client.execute(
                uri: "/api/v1/orders", method: .post, headers: [.contentType: "text/plain"],
                body: ByteBuffer(string: #"{"side":"buy","type":"market","quantity":10}"#))

            #expect(response.status == .unsupportedMediaType)
            #expect(try await fixture.desk.orders(limit: 10).isEmpty)
        }
    }
}
