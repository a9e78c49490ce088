import Benchmark
import BourseCore
import Exchange
import ExchangeLive
import Foundation
import Logging
import ReferenceEngines
import Storage

/// The trailing stops' worst case at the trading desk (issue 35 item 2), with its database: 10,000
/// sell trailing stops 1.00 behind, and every tick a new high that moves them all. An iteration is
/// 100 ticks rising a cent each, each applied, committed to a SQLite file (`synchronous = FULL`)
/// and published before the next, as the feed's ticks are. Bourse: `TradingDesk` on
/// `DatabaseOrderStore` (one `TrailMove` a tick, stored as one row). The baseline is the plain
/// reading of SPEC.md §10 at a desk: the scanning engine, every moved stop listed and its row
/// written in the same kind of commit. The market goes on rising from one iteration to the next.
enum DeskTrailBenchmarks {
    static let stops = 10_000
    static let placedAt = Date(timeIntervalSince1970: 1_763_820_000)
    static let request = try! OrderRequest(side: .sell, kind: .trailingStop(.amount(Price(ticks: 100))), quantity: 10)

    /// Ticks a cent higher each time, bid and ask a cent around the last.
    final class Market: @unchecked Sendable {
        private var seq: Int64 = 1
        private(set) var last: Int64 = 10_000

        func next() -> FeedTick {
            seq += 1
            last += 1
            return FeedTick(
                seq: seq, time: DeskTrailBenchmarks.placedAt.addingTimeInterval(Double(seq) / 10), symbol: "BRSE",
                last: LastTrade(price: Price(ticks: last), size: 100),
                bids: [BookLevel(price: Price(ticks: last - 1), quantity: 100)],
                asks: [BookLevel(price: Price(ticks: last + 1), quantity: 100)])
        }
    }

    /// A new SQLite file holding the 10,000 stops, referenced at 100.00.
    static func file() async throws -> DatabaseOrderStore {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-trail-bench-\(UUID()).sqlite").path
        let store = DatabaseOrderStore(database: try BourseDatabase(path: path))
        let orders = (1...stops).map { i in
            var order = Order(id: String(i), request: request, createdAt: placedAt)
            order.trailReference = Price(ticks: 10_000)
            return order
        }
        try await store.save(orders: orders, fills: [])
        return store
    }

    struct DeskFixture: Sendable {
        let desk: TradingDesk
        let store: DatabaseOrderStore
        let market: Market

        static func make() async throws -> DeskFixture {
            let store = try await file()
            var logger = Logger(label: "bench.desk")
            logger.logLevel = .critical
            let desk = try await TradingDesk(store: store, now: { placedAt }, logger: logger)
            Task.detached { try await desk.run() }
            await desk.handle(.state(.live))
            let fixture = DeskFixture(desk: desk, store: store, market: Market())
            // The check: a tick moves every stop, in the database as read back.
            await desk.handle(.tick(fixture.market.next()))
            let open = try await store.openOrders()
            precondition(open.count == stops && open.allSatisfy { $0.trailReference == Price(ticks: fixture.market.last) })
            return fixture
        }
    }

    final class ScanFixture: @unchecked Sendable {
        var engine = ScanningEngine()
        let store: DatabaseOrderStore
        let market = Market()

        init(store: DatabaseOrderStore) {
            self.store = store
            _ = engine.apply(market.nextAt100())
            for i in 1...DeskTrailBenchmarks.stops { _ = engine.submit(request, id: String(i), at: placedAt) }
        }

        /// One tick: scanned, every moved stop listed and written.
        func apply(_ tick: FeedTick) async throws {
            let report = engine.apply(tick, movedStops: .listed)
            try await store.save(orders: report.orders, fills: report.fills)
        }

        static func make() async throws -> ScanFixture {
            let fixture = ScanFixture(store: try await file())
            try await fixture.apply(fixture.market.next())
            let open = try await fixture.store.openOrders()
            precondition(open.count == stops && open.allSatisfy { $0.trailReference == Price(ticks: fixture.market.last) })
            return fixture
        }
    }

    nonisolated(unsafe) static var desk: Task<DeskFixture, any Error>?
    nonisolated(unsafe) static var scan: Task<ScanFixture, any Error>?

    static func register() {
        let name = "Desk: 100 ticks moving 10k trailing stops, each committed to SQLite"
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(15),
            maxIterations: 20)
        Benchmark("\(name) (bourse)", configuration: configuration) { benchmark in
            if desk == nil { desk = Task { try await DeskFixture.make() } }
            let fixture = try await desk!.value
            benchmark.startMeasurement()
            for _ in 0..<100 { await fixture.desk.handle(.tick(fixture.market.next())) }
            benchmark.stopMeasurement()
        }
        Benchmark("\(name) (baseline)", configuration: configuration) { benchmark in
            if scan == nil { scan = Task { try await ScanFixture.make() } }
            let fixture = try await scan!.value
            benchmark.startMeasurement()
            for _ in 0..<100 { try await fixture.apply(fixture.market.next()) }
            benchmark.stopMeasurement()
        }
    }
}

extension DeskTrailBenchmarks.Market {
    /// The first tick, last at 100.00 (the stops' reference), without moving on.
    func nextAt100() -> FeedTick {
        FeedTick(
            seq: 1, time: DeskTrailBenchmarks.placedAt, symbol: "BRSE", last: LastTrade(price: Price(ticks: 10_000), size: 100),
            bids: [BookLevel(price: Price(ticks: 9_999), quantity: 100)],
            asks: [BookLevel(price: Price(ticks: 10_001), quantity: 100)])
    }
}
