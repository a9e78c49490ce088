import BourseCore
import Exchange
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import HummingbirdWebSocket
import Logging
import MarketData
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
        let exchange = ExchangeService(desk: desk, source: .simulated, symbol: "AAPL")
        let market = MarketService(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })
        let router = buildRouter(market: market, exchange: exchange)
        let app = Application(
            router: router, server: .http1WebSocketUpgrade(webSocketRouter: router), services: [desk, desk.broadcaster])
        return (app, desk)
    }

    @Test func thePageGetsASnapshotThenEveryTickStateAndOrderEvent() async throws {
        let (app, desk) = try await Self.app()

        try await app.test(.live) { client in
            await desk.handle(.state(.live))
            await desk.handle(.tick(try ExchangeRoutesTests.tick(1)))
            _ = try await client.ws("/exchange/ws") { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                func next() async throws -> [String: Any] {
                    guard case .text(let text) = try await messages.next() else { throw CancellationError() }
                    return try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                }
                let snapshot = try await next()
                #expect(snapshot["type"] as? String == "snapshot")
                #expect(snapshot["state"] as? String == "live")
                #expect(snapshot["symbol"] as? String == "AAPL")
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
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }

    @Test func anotherSitesPageMayNotOpenTheSocket() async throws {
        let (app, _) = try await Self.app()

        try await app.test(.live) { client in
            // The upgrade request a browser would send from a page of https://evil.example.
            let upgrade: HTTPFields = [
                .connection: "Upgrade", .upgrade: "websocket", .secWebSocketVersion: "13",
                .secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ==", .origin: "https://evil.example",
            ]
            let refused = try await client.execute(uri: "/exchange/ws", method: .get, headers: upgrade)
            #expect(refused.status != .switchingProtocols)
            #expect(refused.status.code >= 400)

            // The client's own (non-browser) origin passes, and the snapshot comes first.
            _ = try await client.ws("/exchange/ws") { inbound, outbound, _ in
                var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                guard case .text(let text) = try await messages.next() else {
                    Issue.record("no snapshot")
                    return
                }
                let message = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
                #expect(message?["type"] as? String == "snapshot")
                try await outbound.close(.normalClosure, reason: nil)
            }
        }
    }
}
