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

/// Market hours on the exchange (SPEC.md §9): while the market is closed a market order is
/// REJECTED "market closed", limit and stop orders rest and nothing fills, and the first tick
/// after the open trades; the open and the close are told without a tick. The desk runs on a
/// real SQLite file with the New York session and a clock the test moves.
@Suite("Exchange market hours")
struct ExchangeMarketHoursTests {
    /// Wednesday 25 November 2026, 16:30 New York: closed until Friday 09:30 (Thursday is
    /// Thanksgiving; Friday closes at 13:00).
    static let wednesdayEvening = ISO8601DateFormatter().date(from: "2026-11-25T21:30:00Z")!
    static let fridayOpen = ISO8601DateFormatter().date(from: "2026-11-27T14:30:00Z")!
    static let fridayClose = ISO8601DateFormatter().date(from: "2026-11-27T18:00:00Z")!

    struct Fixture {
        let app: Application<RouterResponder<AppRequestContext>>
        let desk: TradingDesk
        let clock: TestNow
        let database: TemporaryDatabase
    }

    static func fixture(at start: Date = wednesdayEvening) async throws -> Fixture {
        let database = try TemporaryDatabase()
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let clock = TestNow(start)
        let desk = try await TradingDesk(
            store: DatabaseOrderStore(database: database.database), broadcaster: TradingBroadcaster(bufferSize: 10_000),
            now: clock.closure, marketHours: .newYork, marketCheckInterval: .milliseconds(20), logger: quiet)
        let market = Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })
        let exchange = ExchangeVenue(desk: desk, source: .feed, symbol: "AAPL")
        let app = Application(
            router: buildRouter(AppFeatures(market: market, exchange: exchange)), services: [desk, desk.broadcaster])
        return Fixture(app: app, desk: desk, clock: clock, database: database)
    }

    /// A tick at the clock's time: asks 101.26 x 200, 101.27 x 300; bids 101.24 x 300, 101.23 x 500.
    static func tick(_ seq: Int64, at clock: TestNow, asks: [(String, Int)]? = nil, last: String = "101.25") throws -> FeedTick {
        let book = try ExchangeRoutesTests.tick(seq, asks: asks ?? [("101.26", 200), ("101.27", 300)], last: last)
        return FeedTick(seq: seq, time: clock.date, symbol: book.symbol, last: book.last, bids: book.bids, asks: book.asks)
    }

    static func order(_ client: some TestClientProtocol, _ id: String) async throws -> [String: Any] {
        let body = try json(try await client.execute(uri: "/api/v1/orders/\(id)", method: .get))
        return try #require(body["order"] as? [String: Any])
    }

    /// The next market status the stream tells, waiting at most 30 s (far more than the 20 ms
    /// check needs; nil if it never comes).
    static func nextMarket(_ updates: AsyncStream<TradingUpdate>) async -> MarketStatus? {
        await withTaskGroup(of: MarketStatus?.self) { group in
            group.addTask {
                for await update in updates { if case .market(let status) = update { return status } }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(30))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test func aMarketOrderWhileClosedIsRejectedMarketClosedAndKeptInTheHistory() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            await fixture.desk.handle(.state(.live))
            await fixture.desk.handle(.tick(try Self.tick(1, at: fixture.clock)))

            let response = try await ExchangeRoutesTests.post(client, #"{"side":"buy","type":"market","quantity":100}"#)
            #expect(response.status == .created)
            let order = try #require(try json(response)["order"] as? [String: Any])
            #expect(order["status"] as? String == "REJECTED")
            #expect(order["reason"] as? String == "market closed")
            #expect(order["filledQuantity"] as? Int == 0)

            // A market bracket entry too; its exits are never made.
            let bracket = try await ExchangeRoutesTests.post(
                client, #"{"side":"buy","type":"market","quantity":10,"takeProfit":"105.00","stopLoss":"99.00"}"#)
            let entry = try #require(try json(bracket)["order"] as? [String: Any])
            #expect(entry["status"] as? String == "REJECTED")
            #expect(entry["reason"] as? String == "market closed")

            let history = try json(try await client.execute(uri: "/api/v1/orders", method: .get))
            let orders = try #require(history["orders"] as? [[String: Any]])
            #expect(orders.map { $0["id"] as? String } == ["2", "1"])
            #expect(orders.allSatisfy { $0["status"] as? String == "REJECTED" && $0["reason"] as? String == "market closed" })

            // The book shows the last quotes and says when the market opens.
            let book = try json(try await client.execute(uri: "/api/v1/book", method: .get))
            let market = try #require(book["market"] as? [String: Any])
            #expect(market["open"] as? Bool == false)
            #expect(market["nextOpen"] as? String == "2026-11-27T14:30:00Z")
            #expect((book["asks"] as? [[Any]])?.first?.first as? String == "101.26")
            #expect(book["seq"] as? Int == 1)
        }
    }

    @Test func aLimitOrderRestsWhileClosedAndFillsOnTheFirstTickAfterTheOpen() async throws {
        let fixture = try await Self.fixture()
        try await fixture.app.test(.router) { client in
            await fixture.desk.handle(.state(.live))
            await fixture.desk.handle(.tick(try Self.tick(1, at: fixture.clock)))

            // At the ask: it would fill at once if the market were open.
            let limit = try await ExchangeRoutesTests.post(
                client, #"{"side":"buy","type":"limit","quantity":100,"price":"101.26"}"#)
            #expect(try json(limit)["order"].flatMap { $0 as? [String: Any] }?["status"] as? String == "PENDING")
            // A stop the last price (101.25) already meets: it would trigger at once if open.
            let stop = try await ExchangeRoutesTests.post(
                client, #"{"side":"buy","type":"stop","quantity":50,"stopPrice":"101.00"}"#)
            #expect(try json(stop)["order"].flatMap { $0 as? [String: Any] }?["triggered"] as? Bool == false)

            // Ticks that cross it, hours later and still closed: nothing fills or triggers.
            fixture.clock.advance(seconds: 12 * 3600)
            await fixture.desk.handle(.tick(try Self.tick(2, at: fixture.clock, asks: [("101.20", 1000)], last: "101.21")))
            #expect(try await Self.order(client, "1")["status"] as? String == "PENDING")
            #expect(try await Self.order(client, "2")["status"] as? String == "PENDING")
            #expect(try await Self.order(client, "2")["triggered"] as? Bool == false)
            #expect(await fixture.desk.lastTick?.seq == 2)
            #expect(await fixture.desk.recentTrades.map(\.seq) == [1, 2])

            // Friday 09:30: the first tick trades.
            fixture.clock.set(Self.fridayOpen)
            await fixture.desk.handle(.tick(try Self.tick(3, at: fixture.clock, asks: [("101.20", 1000)], last: "101.21")))
            let filled = try await Self.order(client, "1")
            #expect(filled["status"] as? String == "FILLED")
            #expect(filled["averagePrice"] as? String == "101.20")
            let triggered = try await Self.order(client, "2")
            #expect(triggered["triggered"] as? Bool == true)
            #expect(triggered["status"] as? String == "FILLED")

            let book = try json(try await client.execute(uri: "/api/v1/book", method: .get))
            let market = try #require(book["market"] as? [String: Any])
            #expect(market["open"] as? Bool == true)
            #expect(market["nextOpen"] is NSNull)
        }
    }

    @Test func aDayOrderDoesNotExpireWhileClosedButOnTheFirstTickOfTheNextSession() async throws {
        // Wednesday 15:00 New York: open.
        let fixture = try await Self.fixture(at: ISO8601DateFormatter().date(from: "2026-11-25T20:00:00Z")!)
        try await fixture.app.test(.router) { client in
            await fixture.desk.handle(.state(.live))
            await fixture.desk.handle(.tick(try Self.tick(1, at: fixture.clock)))
            let day = try await ExchangeRoutesTests.post(
                client, #"{"side":"buy","type":"limit","quantity":10,"price":"100.00","timeInForce":"day"}"#)
            #expect(try json(day)["order"].flatMap { $0 as? [String: Any] }?["status"] as? String == "PENDING")

            // 17:00: closed, and the tick's session is Thursday's; the order waits.
            fixture.clock.advance(seconds: 2 * 3600)
            await fixture.desk.handle(.tick(try Self.tick(2, at: fixture.clock)))
            #expect(try await Self.order(client, "1")["status"] as? String == "PENDING")

            // Friday's first tick: Wednesday's day order expires.
            fixture.clock.set(Self.fridayOpen)
            await fixture.desk.handle(.tick(try Self.tick(3, at: fixture.clock)))
            let expired = try await Self.order(client, "1")
            #expect(expired["status"] as? String == "EXPIRED")
            #expect(expired["reason"] as? String == "expired at the close")
        }
    }

    @Test func theOpenAndTheCloseAreToldWithoutATick() async throws {
        let fixture = try await Self.fixture(at: Self.fridayOpen.addingTimeInterval(-1))
        let updates = fixture.desk.updates()
        #expect(await fixture.desk.market == .closed(nextOpen: Self.fridayOpen))
        try await fixture.app.test(.router) { client in
            fixture.clock.set(Self.fridayOpen)
            #expect(await Self.nextMarket(updates) == .open)
            #expect(await fixture.desk.market == .open)
            let open = try json(try await client.execute(uri: "/api/v1/book", method: .get))
            #expect((open["market"] as? [String: Any])?["open"] as? Bool == true)

            // Friday closes at 13:00 (the day after Thanksgiving): closed until Monday.
            fixture.clock.set(Self.fridayClose)
            #expect(await Self.nextMarket(updates) == .closed(nextOpen: Self.fridayOpen.addingTimeInterval(3 * 86_400)))
            let page = try await client.execute(uri: "/exchange", method: .get)
            let html = String(buffer: page.body)
            #expect(html.contains(#"data-market="closed""#))
            #expect(html.contains("Market closed: opens Mon, Nov 30, 9:30 AM ET."))
            #expect(html.contains("a market order is rejected until it opens"))
        }
    }

    @Test func theSocketTellsTheScreenWhenTheMarketOpensOrCloses() throws {
        let closed = try json(try #require(ExchangeSocket.message(.market(.closed(nextOpen: Self.fridayOpen)), for: .owner)))
        #expect(closed["type"] as? String == "market")
        let market = try #require(closed["market"] as? [String: Any])
        #expect(market["open"] as? Bool == false)
        #expect(market["nextOpen"] as? String == "2026-11-27T14:30:00Z")
        let never = try json(try #require(ExchangeSocket.message(.market(.closed(nextOpen: nil)), for: .owner)))
        #expect((never["market"] as? [String: Any])?["nextOpen"] is NSNull)
        let open = try json(try #require(ExchangeSocket.message(.market(.open), for: .owner)))
        #expect((open["market"] as? [String: Any])?["open"] as? Bool == true)
    }
}
