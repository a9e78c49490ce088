import BourseCore
import Exchange
import ExchangeLive
import Foundation
import Storage
import TestSupport
import Testing

/// SPEC.md §10 step 2 at the desk: a new high is applied, stored and told once per account and
/// side, however many trailing stops it moves; the database reads each stop with its moved level,
/// and a desk started again on it triggers them where they had moved to.
@Suite("The desk's trailing stops")
struct TradingDeskTrailTests {
    /// A tick of AAPL whose last trade is `last` (in cents), with bids and asks a cent around it.
    func tick(_ seq: Int64, last: Int64) -> FeedTick {
        FeedTick(
            seq: seq, time: Date(timeIntervalSince1970: 1_763_820_000 + Double(seq)), symbol: "AAPL",
            last: LastTrade(price: Price(ticks: last), size: 100),
            bids: [BookLevel(price: Price(ticks: last - 1), quantity: 1_000)],
            asks: [BookLevel(price: Price(ticks: last + 1), quantity: 1_000)])
    }

    @Test func aNewHighIsStoredAndToldOnceAndTheStopsTriggerWhereItLeftThemAfterARestart() async throws {
        let file = try TemporaryDatabase()
        let store = DatabaseOrderStore(database: file.database)
        let desk = try await makeDesk(store: store)
        let log = UpdateLog(desk.broadcaster)
        let trailing = try OrderRequest(side: .sell, kind: .trailingStop(.amount(Price(ticks: 100))), quantity: 10)

        try await withRunningDesk(desk) {
            await desk.handle(.state(.live))
            await desk.handle(.tick(tick(1, last: 10_000)))
            for _ in 0..<50 { _ = try await desk.place(trailing) }
            // Three new highs and a dip that triggers nothing (the levels are at 100.50 - 1.00).
            for (seq, last) in [(2, 10_020), (3, 10_050), (4, 10_040), (5, 10_050)] as [(Int64, Int64)] {
                await desk.handle(.tick(tick(seq, last: last)))
            }
        }

        let updates = await log.all
        let moves = updates.compactMap { update -> String? in
            guard case .trail(let move) = update else { return nil }
            return "\(move.account.rawValue) \(move.side.rawValue) \(move.reference)"
        }
        #expect(moves == ["1 sell 100.20", "1 sell 100.50"])
        // The 50 placements, and no order event for a move.
        #expect(await log.orders.count == 50)
        let stored = try await store.openOrders()
        #expect(stored.count == 50)
        #expect(stored.allSatisfy { $0.trailReference == Price(ticks: 10_050) && $0.stopPrice == Price(ticks: 9_950) })

        // Started again on the same database: 99.60 triggers nothing, 99.50 triggers every stop.
        let again = try await makeDesk(store: DatabaseOrderStore(database: file.database))
        try await withRunningDesk(again) { () async throws in
            await again.handle(.state(.live))
            await again.handle(.tick(tick(6, last: 9_960)))
            #expect(try await store.openOrders().count == 50)
            await again.handle(.tick(tick(7, last: 9_950)))
        }
        #expect(try await store.openOrders().isEmpty)
        let orders = try await store.orders(account: .owner, limit: 100)
        #expect(orders.count == 50 && orders.allSatisfy { $0.status == .filled && $0.triggerPrice == Price(ticks: 9_950) })
    }
}
