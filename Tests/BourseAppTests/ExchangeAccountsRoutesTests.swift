import BourseCore
import Exchange
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import BourseApp

/// SPEC §14, the exchange with several people, over real HTTP: the owner (ada), a member (ann)
/// and a viewer (vic). Each account's orders are matched against the feed's book as if it were
/// alone; each sees, cancels and exports only their own orders and fills; another's order is a
/// 404 that changes nothing; with cash, buys over the buying power and sells of shares not held
/// are REJECTED, and fills move cash exactly.
@Suite("Exchange routes with several people")
struct ExchangeAccountsRoutesTests {
    typealias People = PeopleRoutesTests
    typealias Send = PersonalDataRoutesTests

    /// The book every test trades against: asks 101.00 × 100, 102.00 × 100; bids 100.00 × 100.
    static func tick(_ seq: Int64) -> FeedTick {
        FeedTick(
            seq: seq, time: Date(timeIntervalSince1970: 1_763_820_000 + Double(seq)), symbol: "AAPL",
            last: LastTrade(price: Price(ticks: 10_050), size: 10),
            bids: [BookLevel(price: Price(ticks: 10_000), quantity: 100)],
            asks: [BookLevel(price: Price(ticks: 10_100), quantity: 100), BookLevel(price: Price(ticks: 10_200), quantity: 100)])
    }

    static func order(
        _ client: some TestClientProtocol, _ body: String, cookie: String
    ) async throws -> (status: HTTPResponse.Status, order: [String: Any]) {
        let response = try await Send.send(client, .post, "/api/v1/orders", body, cookie: cookie)
        let object = try json(response)
        return (response.status, (object["order"] as? [String: Any]) ?? object)
    }

    static func orderIDs(_ client: some TestClientProtocol, cookie: String, status: String = "all") async throws -> [String] {
        try #require(try await Send.get(client, "/api/v1/orders?status=\(status)", cookie: cookie)["orders"] as? [[String: Any]])
            .compactMap { $0["id"] as? String }
    }

    @Test func eachAccountTradesAsIfAloneAndSeesOnlyItsOwnOrders() async throws {
        let fixture = try await SignInRoutesTests.fixture()
        let desk = fixture.desk
        try await fixture.app.test(.live) { client in
            let ada = try await People.owner(client)
            let ann = try await People.accept(client, try await People.invite(client, "ann", role: "member", cookie: ada))
            await desk.handle(.tick(Self.tick(1)))

            // Both take the whole best ask: each account has the book to itself.
            let adaBuy = try await Self.order(client, #"{"side":"buy","type":"market","quantity":100}"#, cookie: ada)
            let annBuy = try await Self.order(client, #"{"side":"buy","type":"market","quantity":100}"#, cookie: ann)
            #expect(adaBuy.order["status"] as? String == "FILLED" && annBuy.order["status"] as? String == "FILLED")
            #expect(adaBuy.order["averagePrice"] as? String == "101.00")
            #expect(annBuy.order["averagePrice"] as? String == "101.00")
            // Within one account the book is used up as before: ada's next 100 pay 102.00.
            let adaAgain = try await Self.order(client, #"{"side":"buy","type":"market","quantity":100}"#, cookie: ada)
            #expect(adaAgain.order["averagePrice"] as? String == "102.00")

            let adaRest = try await Self.order(
                client, #"{"side":"buy","type":"limit","quantity":5,"price":"90.00"}"#, cookie: ada)
            let adaID = try #require(adaRest.order["id"] as? String)
            let annID = try #require(annBuy.order["id"] as? String)
            #expect(try await Self.orderIDs(client, cookie: ann) == [annID])
            #expect(try await Self.orderIDs(client, cookie: ada).count == 3)
            #expect(try await Self.orderIDs(client, cookie: ann, status: "open").isEmpty)

            // Ada's order is a 404 to ann, as one that never was, and stays open.
            let read = try await Send.send(client, .get, "/api/v1/orders/\(adaID)", cookie: ann)
            #expect(read.status == .notFound)
            let cancel = try await Send.send(client, .delete, "/api/v1/orders/\(adaID)", cookie: ann)
            #expect(cancel.status == .notFound)
            let never = try await Send.send(client, .delete, "/api/v1/orders/999999", cookie: ann)
            #expect(
                String(buffer: never.body).replacingOccurrences(of: "999999", with: adaID) == String(buffer: cancel.body))
            #expect(try await Self.orderIDs(client, cookie: ada, status: "open") == [adaID])

            // Positions and exports are each person's.
            #expect(try await Send.get(client, "/api/v1/position", cookie: ada)["quantity"] as? Int == 200)
            #expect(try await Send.get(client, "/api/v1/position", cookie: ann)["quantity"] as? Int == 100)
            #expect(try await Send.get(client, "/api/v1/position", cookie: ann)["cash"] is NSNull)
            let fills = try await client.execute(uri: "/api/v1/fills.csv", method: .get, headers: [.cookie: ann])
            #expect(String(buffer: fills.body).split(whereSeparator: \.isNewline).count == 2)
            let orders = try await client.execute(uri: "/api/v1/orders.csv", method: .get, headers: [.cookie: ann])
            #expect(!String(buffer: orders.body).contains("90.00"))

            // Ann cancels nothing of ada's, and her own cancel works.
            let annRest = try await Self.order(
                client, #"{"side":"sell","type":"limit","quantity":5,"price":"150.00"}"#, cookie: ann)
            let annRestID = try #require(annRest.order["id"] as? String)
            #expect(try await Send.send(client, .delete, "/api/v1/orders/\(annRestID)", cookie: ann).status == .ok)
            #expect(try await Self.orderIDs(client, cookie: ada, status: "open") == [adaID])
        }
    }

    @Test func aViewerPlacesAndCancelsNothing() async throws {
        let fixture = try await SignInRoutesTests.fixture()
        let desk = fixture.desk
        try await fixture.app.test(.live) { client in
            let ada = try await People.owner(client)
            let vic = try await People.accept(client, try await People.invite(client, "vic", role: "viewer", cookie: ada))
            await desk.handle(.tick(Self.tick(1)))
            let placed = try await Self.order(
                client, #"{"side":"buy","type":"limit","quantity":5,"price":"90.00"}"#, cookie: ada)
            let id = try #require(placed.order["id"] as? String)

            let refused = try await Send.send(
                client, .post, "/api/v1/orders", #"{"side":"buy","type":"market","quantity":1}"#, cookie: vic)
            #expect(refused.status == .forbidden)
            #expect(try await Send.send(client, .delete, "/api/v1/orders/\(id)", cookie: vic).status == .forbidden)
            #expect(try await Self.orderIDs(client, cookie: vic).isEmpty)
            #expect(try await Self.orderIDs(client, cookie: ada, status: "open") == [id])
            #expect(try await desk.orders(account: .owner, limit: 10).count == 1)
        }
    }

    @Test func withCashABuyOverTheBuyingPowerAndAShortSaleAreRejectedAndFillsMoveCashExactly() async throws {
        let fixture = try await SignInRoutesTests.fixture(startingCash: StartingCash("10000"))
        let desk = fixture.desk
        try await fixture.app.test(.live) { client in
            let ada = try await People.owner(client)
            let ann = try await People.accept(client, try await People.invite(client, "ann", role: "member", cookie: ada))
            await desk.handle(.tick(Self.tick(1)))

            let short = try await Self.order(client, #"{"side":"sell","type":"market","quantity":1}"#, cookie: ann)
            #expect(short.order["status"] as? String == "REJECTED")
            #expect(short.order["reason"] as? String == "no short selling")

            // 100 at 101.00 is 10,100.00: over 10,000.00.
            let tooMuch = try await Self.order(client, #"{"side":"buy","type":"market","quantity":100}"#, cookie: ann)
            #expect(tooMuch.order["status"] as? String == "REJECTED")
            #expect(tooMuch.order["reason"] as? String == "insufficient buying power")

            let bought = try await Self.order(client, #"{"side":"buy","type":"market","quantity":33}"#, cookie: ann)
            #expect(bought.order["status"] as? String == "FILLED")
            // A resting buy reserves its limit: 60 × 100.00 = 6,000.00 of the 6,667.00 left.
            let resting = try await Self.order(
                client, #"{"side":"buy","type":"limit","quantity":60,"price":"100.00"}"#, cookie: ann)
            #expect(resting.order["status"] as? String == "PENDING")
            let over = try await Self.order(
                client, #"{"side":"buy","type":"limit","quantity":7,"price":"100.00"}"#, cookie: ann)
            #expect(over.order["reason"] as? String == "insufficient buying power")
            // She may sell what she holds, not more than it minus what her open sells would sell.
            let sell = try await Self.order(
                client, #"{"side":"sell","type":"limit","quantity":30,"price":"150.00"}"#, cookie: ann)
            #expect(sell.order["status"] as? String == "PENDING")
            let oversell = try await Self.order(client, #"{"side":"sell","type":"market","quantity":4}"#, cookie: ann)
            #expect(oversell.order["reason"] as? String == "no short selling")
            let sold = try await Self.order(client, #"{"side":"sell","type":"market","quantity":3}"#, cookie: ann)
            #expect(sold.order["status"] as? String == "FILLED")

            let cash = try #require(try await Send.get(client, "/api/v1/position", cookie: ann)["cash"] as? [String: Any])
            // 10,000.00 − 33 × 101.00 + 3 × 100.00 = 6,967.00; the resting buy reserves 6,000.00;
            // 30 shares at the last trade, 100.50, are 3,015.00.
            #expect(cash["startingCash"] as? String == "10000.00")
            #expect(cash["cash"] as? String == "6967.00")
            #expect(cash["buyingPower"] as? String == "967.00")
            #expect(cash["positionValue"] as? String == "3015.00")
            #expect(cash["equity"] as? String == "9982.00")
            // The owner's cash is untouched by ann's trades.
            let adas = try #require(try await Send.get(client, "/api/v1/position", cookie: ada)["cash"] as? [String: Any])
            #expect(adas["cash"] as? String == "10000.00" && adas["equity"] as? String == "10000.00")
        }
    }

    @Test func theSocketTellsEachPersonTheirOwnOrdersAndWhatTheirOrdersLeftOfTheBook() throws {
        let ann = AccountID(2)
        let full = Self.tick(5)
        var left = full
        left.asks = [BookLevel(price: Price(ticks: 10_200), quantity: 100)]
        let update = TradingUpdate.tick(full, left: [ann: left])
        #expect(ExchangeSocket.message(update, for: ann) == left.jsonText)
        #expect(ExchangeSocket.message(update, for: .owner) == full.jsonText)

        let order = Order(
            id: "7", account: ann, request: try OrderRequest.limit(.buy, quantity: 1, price: Price(ticks: 9_000)),
            createdAt: full.time)
        let event = TradingUpdate.order(OrderEvent(order: order, fills: []))
        #expect(ExchangeSocket.message(event, for: ann)?.contains(#""id":"7""#) == true)
        #expect(ExchangeSocket.message(event, for: .owner) == nil)

        // A new high for ann's trailing sells: one message, to ann alone.
        let move = TradingUpdate.trail(TrailMove(account: ann, side: .sell, reference: Price(ticks: 10_125)))
        #expect(ExchangeSocket.message(move, for: ann) == #"{"reference":"101.25","side":"sell","type":"trail"}"#)
        #expect(ExchangeSocket.message(move, for: .owner) == nil)
    }
}
