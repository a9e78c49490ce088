import BourseCore
import Exchange
import ExchangeFeature
import ExchangeLive
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import Logging
import MarketData
import NIOCore
import Storage
import Testing

@testable import BourseApp

/// `/exchange/ws` over a real WebSocket: the snapshot, then ticks, states and order events.
@Suite("Exchange socket")
struct ExchangeSocketTests {
    /// The app with its WebSocket routes, on a desk over an in-memory database; the desk and its
    /// broadcaster run as the app's services.
    static func app() async throws -> (some ApplicationProtocol, TradingDesk) {
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let desk = try await TradingDesk(store: DatabaseOrderStore(database: try BourseDatabase()), logger: quiet)
        let exchange = ExchangeVenue(desk: desk, source: .simulated, symbol: "AAPL")
        let market = Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })
        let router = buildRouter(AppFeatures(market: market, exchange: exchange))
        let app = Application(
            router: router, server: .http1WebSocketUpgrade(webSocketRouter: router), services: [desk, desk.broadcaster])
        return (app, desk)
    }

    /// The exchange page's handshake, from the page itself (`Origin` its own).
    static func handshake(port: Int) -> String {
        RawConnection.webSocketHandshake("/exchange/ws", host: "localhost:\(port)", origin: "http://localhost:\(port)")
    }

    /// Upgrades the connection as the page does and expects the switch.
    static func upgrade(
        _ reader: inout RawReader, _ writer: NIOAsyncChannelOutboundWriter<ByteBuffer>, port: Int
    ) async throws {
        try await writer.write(ByteBuffer(string: handshake(port: port)))
        #expect(try await reader.response().status == 101)
    }

    /// The next message as JSON; with `type`, the next message of that type (others skipped).
    static func next(_ reader: inout RawReader, type: String? = nil) async throws -> [String: Any] {
        while true {
            let text = try await reader.text()
            let message = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            if type == nil || message["type"] as? String == type { return message }
        }
    }

    @Test func thePageGetsASnapshotThenEveryTickStateAndOrderEvent() async throws {
        let (app, desk) = try await Self.app()

        try await app.test(.live) { client in
            await desk.handle(.state(.live))
            await desk.handle(.tick(try ExchangeRoutesTests.tick(1)))
            let port = try #require(client.port)
            try await RawConnection.open(port: port) { reader, writer in
                try await Self.upgrade(&reader, writer, port: port)
                func next() async throws -> [String: Any] { try await Self.next(&reader) }
                let snapshot = try await next()
                #expect(snapshot["type"] as? String == "snapshot")
                #expect(snapshot["state"] as? String == "live")
                #expect(snapshot["symbol"] as? String == "AAPL")
                // The embedded feed's desk never closes.
                let market = try #require(snapshot["market"] as? [String: Any])
                #expect(market["open"] as? Bool == true)
                #expect(market["nextOpen"] is NSNull)
                #expect((snapshot["book"] as? [String: Any])?["seq"] as? Int == 1)
                #expect((snapshot["trades"] as? [[String: Any]])?.map { $0["price"] as? String } == ["101.25"])

                await desk.handle(.tick(try ExchangeRoutesTests.tick(2)))
                let tick = try await next()
                #expect(tick["type"] as? String == "tick")
                #expect(tick["seq"] as? Int == 2)

                _ = try await desk.place(try .market(.buy, quantity: 50))
                let order = try await next()
                #expect(order["type"] as? String == "order")
                #expect(order["notice"] as? String == "bought 50 at 101.26")

                await desk.handle(.state(.stale))
                let state = try await next()
                #expect(state["type"] as? String == "state")
                #expect(state["state"] as? String == "stale")
            }
        }
    }

    /// SPEC.md §10 on the screen's socket: a trailing stop's level moves with the last price (one
    /// `trail` message a side), its trigger comes with the notice the screen shows, and a bracket's exits
    /// arrive as orders of their own with their entry.
    @Test func aTrailingStopsLevelMovesLiveAndItsTriggerIsTold() async throws {
        let (app, desk) = try await Self.app()

        try await app.test(.live) { client in
            await desk.handle(.state(.live))
            await desk.handle(.tick(try ExchangeRoutesTests.tick(1)))
            let port = try #require(client.port)
            try await RawConnection.open(port: port) { reader, writer in
                try await Self.upgrade(&reader, writer, port: port)
                func next(_ type: String) async throws -> [String: Any] { try await Self.next(&reader, type: type) }
                _ = try await next("snapshot")

                let trail = try OrderRequest(side: .sell, kind: .trailingStop(.amount(Price(ticks: 100))), quantity: 40)
                _ = try await desk.place(trail)
                let placed = try #require(try await next("order")["order"] as? [String: Any])
                #expect(placed["type"] as? String == "trailing_stop")
                #expect(placed["stopPrice"] as? String == "100.25")
                #expect(placed["triggered"] as? Bool == false)

                // A new high: one `trail` message for the side, and the order reads at its new level.
                await desk.handle(.tick(try ExchangeRoutesTests.tick(2, last: "101.90")))
                let moved = try await next("trail")
                #expect(moved["side"] as? String == "sell" && moved["reference"] as? String == "101.90")
                let id = try #require(placed["id"] as? String)
                #expect(try await desk.order(id: id, account: .owner)?.order.stopPrice == Price(ticks: 10_090))

                await desk.handle(
                    .tick(try ExchangeRoutesTests.tick(3, asks: [("100.92", 100)], bids: [("100.88", 100)], last: "100.90")))
                let triggered = try await next("order")
                let order = try #require(triggered["order"] as? [String: Any])
                #expect(order["status"] as? String == "FILLED")
                #expect(order["triggerPrice"] as? String == "100.90")
                #expect(triggered["notice"] as? String == "stop triggered at 100.90: sold 40 at 100.88")

                let bracket = try #require(Bracket(takeProfit: Price(ticks: 10_400), stopLoss: Price(ticks: 9_800)))
                _ = try await desk.place(try .market(.buy, quantity: 10, bracket: bracket))
                var ids: Set<String> = []
                var parents: Set<String> = []
                while ids.count < 3 {
                    let order = try #require(try await next("order")["order"] as? [String: Any])
                    ids.insert(try #require(order["id"] as? String))
                    if let parent = order["parentId"] as? String { parents.insert(parent) }
                }
                let entry = try #require(ids.first { !$0.contains(".") })
                #expect(ids == [entry, "\(entry).tp", "\(entry).sl"])
                #expect(parents == [entry])
            }
        }
    }

    @Test func anotherSitesPageMayNotOpenTheSocket() async throws {
        let (app, _) = try await Self.app()

        try await app.test(.live) { client in
            let port = try #require(client.port)
            // The upgrade request a browser would send from a page of https://evil.example.
            let refused = try await RawConnection.exchange(
                port: port,
                RawConnection.webSocketHandshake("/exchange/ws", host: "localhost:\(port)", origin: "https://evil.example"))
            #expect(refused.status != 101)
            #expect(refused.status >= 400)

            // The page's own origin passes, and the snapshot comes first.
            let snapshot = try await RawConnection.open(port: port) { reader, writer in
                try await writer.write(ByteBuffer(string: Self.handshake(port: port)))
                #expect(try await reader.response().status == 101)
                return try await reader.text()
            }
            let message = try JSONSerialization.jsonObject(with: Data(snapshot.utf8)) as? [String: Any]
            #expect(message?["type"] as? String == "snapshot")
        }
    }
}
