import BourseCore
import Exchange
import ExchangeFeature
import ExchangeLive
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import Logging
import Storage
import Testing

@testable import BourseApp

/// `/exchange/ws` with a page that stops reading: it is closed with 1013 once it falls the
/// backlog behind, and counted; a page that reads gets every tick meanwhile.
@Suite("Exchange socket backlog")
struct ExchangeSocketBacklogTests {
    /// A tick with ten levels a side, as the simulator sends them.
    static func tick(_ seq: Int64) throws -> FeedTick {
        let asks = (0..<FeedTick.maxLevels).map { ("\(102 + $0).25", 100 * ($0 + 1)) }
        let bids = (0..<FeedTick.maxLevels).map { ("\(100 - $0).25", 100 * ($0 + 1)) }
        return try ExchangeRoutesTests.tick(seq, asks: asks, bids: bids, last: "101.25")
    }

    @Test func aPageThatStopsReadingIsClosedWith1013WhileAReadingPageGetsEveryTick() async throws {
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let desk = try await TradingDesk(store: DatabaseOrderStore(database: try BourseDatabase()), logger: quiet)
        let metrics = prometheusMetrics()
        let router = Router(context: AppRequestContext.self)
        // A close grace far longer than the test: the stalled page reads its close frame whenever it gets to it.
        ExchangeSocket(
            exchange: ExchangeVenue(desk: desk, source: .simulated, symbol: "AAPL"),
            fellBehind: metrics.socketsFellBehind, backlog: 16, closeGrace: .seconds(3600)
        ).addRoutes(to: router)
        // No pings: neither test page answers them, and the run's length is the machine's.
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router, configuration: .init(ws: .init(autoPing: .disabled))),
            services: [desk, desk.broadcaster])
        @Sendable func fellBehind() throws -> Double {
            try PrometheusScrape(String(decoding: metrics.exposition(), as: UTF8.self))
                .value("bourse_websocket_fell_behind_total", ["socket": "exchange"])
        }

        try await app.test(.live) { client in
            let port = try #require(client.port)
            // Its receive buffer small, so that its socket fills in fewer ticks.
            try await RawConnection.open(port: port, receiveBuffer: 4096) { stalled, stalledWriter in
                try await ExchangeSocketTests.upgrade(&stalled, stalledWriter, port: port)
                _ = try await ExchangeSocketTests.next(&stalled, type: "snapshot")
                // From here the stalled page reads nothing: its socket's buffers fill, then its backlog.
                try await RawConnection.open(port: port) { reader, writer in
                    try await ExchangeSocketTests.upgrade(&reader, writer, port: port)
                    _ = try await ExchangeSocketTests.next(&reader, type: "snapshot")

                    // One tick at a time, each read by the reading page before the next: it never
                    // has more than one waiting, whatever the machine's speed.
                    var seq: Int64 = 0
                    var closedAt: Int64?
                    while closedAt.map({ seq < $0 + 50 }) ?? true {
                        seq += 1
                        try #require(seq <= 100_000, "the stalled page was never closed: ticks pile up for it")
                        desk.broadcaster.publish(.tick(try Self.tick(seq), left: [:]))
                        let tick = try await ExchangeSocketTests.next(&reader, type: "tick")
                        try #require(tick["seq"] as? Int == Int(seq), "the reading page missed a tick")
                        if closedAt == nil, try fellBehind() > 0 { closedAt = seq }
                    }
                }
                #expect(try fellBehind() == 1)

                // The stalled page reads again: the ticks that were on their way, then the close.
                let close = try await stalled.closeFrame()
                #expect(close.code == 1013)
                #expect(close.reason.contains("fell behind"))
            }
        }
    }
}
