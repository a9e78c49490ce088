import Benchmark
import BourseCore
import Foundation
import ReferenceEngines

/// A tick through the engine while 100,000 limit orders rest and 100,000 stops wait away from the
/// market (SPEC.md §10): limits as in `ExchangeBenchmarks`; stops at 105.00–109.99 (buys) and
/// 90.00–94.99 (sells), or with a tenth of them trailing stops 6.00 behind. The book and the
/// last trade wander between 99.50 and 100.50, so nothing fills or triggers; the trailing
/// references move when the last makes a new high or low, in O(log n) for the fast engine however
/// many stops move (`TrailGroups`). The fast engine looks at the top of its heaps; the baseline, `ScanningEngine`, scans
/// every order on every tick. 1,000 ticks an iteration, figures per tick. Each engine applies
/// the ticks in place, iteration after iteration (nothing fills, so its orders stay as placed; a
/// copy per iteration would measure copying 200,000 orders): trailing references move on the
/// first pass and then only at a new extreme, as on a long-running feed.
enum OrderTypesBenchmarks {
    static let count = 100_000

    /// The ticks of `ExchangeBenchmarks`, each with its mid as the last trade.
    static let ticks: [FeedTick] = ExchangeBenchmarks.ticks.map { tick in
        var tick = tick
        if let bid = tick.bids.first, let ask = tick.asks.first {
            tick.last = LastTrade(price: Price(ticks: (bid.price.ticks + ask.price.ticks) / 2), size: 100)
        }
        return tick
    }

    /// The requests: `count` limits, then `count` stops, every `trailingEvery`th a trailing stop.
    static func requests(trailingEvery: Int?) -> [OrderRequest] {
        var requests: [OrderRequest] = []
        for i in 0..<count {
            let offset = Int64(i % 500)
            requests.append(
                i.isMultiple(of: 2)
                    ? try! .limit(.buy, quantity: 100, price: Price(ticks: 9_499 - offset))
                    : try! .limit(.sell, quantity: 100, price: Price(ticks: 10_500 + offset)))
        }
        for i in 0..<count {
            let offset = Int64(i % 500)
            let side: Side = i.isMultiple(of: 2) ? .buy : .sell
            let kind: OrderKind =
                trailingEvery.map { i % $0 == $0 - 1 } == true
                ? .trailingStop(.amount(Price(ticks: 600)))
                : .stop(Price(ticks: side == .buy ? 10_500 + offset : 9_499 - offset))
            requests.append(try! OrderRequest(side: side, kind: kind, quantity: 100))
        }
        return requests
    }

    static let placedAt = Date(timeIntervalSince1970: 1_795_000_000)

    static func register() {
        register("100k waiting stops and 100k resting limits", trailingEvery: nil)
        register("100k waiting stops (10k trailing) and 100k resting limits", trailingEvery: 10)
        registerRisingMarket()
    }

    /// The trailing stops' worst case: every tick a new high, so each of 10,000 sell trailing
    /// stops (1.00 behind) moves its level. 100 ticks an iteration, rising a cent each, on a fresh
    /// copy of the engine. Summarized (the default), a tick reports one `TrailMove` and the fast
    /// engine moves the stops' one group; listed (as the trading desk asks, its store keeping each
    /// order's reference), each moved order is in the report too, in both engines.
    static func registerRisingMarket() {
        let trailing = 10_000
        let rising: [FeedTick] = (1...100).map { i in
            let mid = Int64(10_000 + i)
            return FeedTick(
                seq: Int64(i + 1), time: placedAt.addingTimeInterval(Double(i) / 10), symbol: "BRSE",
                last: LastTrade(price: Price(ticks: mid), size: 100),
                bids: [BookLevel(price: Price(ticks: mid - 1), quantity: 100)],
                asks: [BookLevel(price: Price(ticks: mid + 1), quantity: 100)])
        }
        let request = try! OrderRequest(side: .sell, kind: .trailingStop(.amount(Price(ticks: 100))), quantity: 10)
        var fast = MatchingEngine()
        var scanning = ScanningEngine()
        _ = fast.apply(ticks[0])
        _ = scanning.apply(ticks[0])
        for i in 0..<trailing {
            _ = fast.submit(request, id: "t\(i)", at: placedAt)
            _ = scanning.submit(request, id: "t\(i)", at: placedAt)
        }
        var check = (fast, scanning)
        for tick in rising {
            precondition(check.0.apply(tick, movedStops: .listed) == check.1.apply(tick, movedStops: .listed))
        }
        precondition(check.0.openOrders == check.1.openOrders && check.0.openOrders.count == trailing)
        for (label, movedStops) in [("", MovedStops.summarized), (", each moved order listed", .listed)] {
            let name = "Exchange: 100 ticks moving 10k trailing stops (a new high every tick\(label))"
            let configuration = Benchmark.Configuration(
                metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 1, scalingFactor: .one,
                maxDuration: .seconds(5), maxIterations: 50)
            Benchmark("\(name) (bourse)", configuration: configuration) { benchmark in
                var engine = fast
                benchmark.startMeasurement()
                blackHole(rising.reduce(0) { $0 + engine.apply($1, movedStops: movedStops).orders.count })
            }
            Benchmark("\(name) (baseline)", configuration: configuration) { benchmark in
                var engine = scanning
                benchmark.startMeasurement()
                blackHole(rising.reduce(0) { $0 + engine.apply($1, movedStops: movedStops).orders.count })
            }
        }
    }

    /// An engine applied to in place across iterations.
    final class Engines: @unchecked Sendable {
        var fast = MatchingEngine()
        var scanning = ScanningEngine()

        func runFast() -> Int { OrderTypesBenchmarks.ticks.reduce(0) { $0 + fast.apply($1).fills.count } }
        func runScanning() -> Int { OrderTypesBenchmarks.ticks.reduce(0) { $0 + scanning.apply($1).fills.count } }
    }

    static func register(_ label: String, trailingEvery: Int?) {
        let engines = Engines()
        _ = engines.fast.apply(ticks[0])
        _ = engines.scanning.apply(ticks[0])
        for (i, request) in requests(trailingEvery: trailingEvery).enumerated() {
            _ = engines.fast.submit(request, id: "o\(i)", at: placedAt)
            _ = engines.scanning.submit(request, id: "o\(i)", at: placedAt)
        }
        precondition(engines.fast.openOrders.count == 2 * count && engines.scanning.openOrders.count == 2 * count)
        precondition(engines.runFast() == 0 && engines.runScanning() == 0, "an order traded")
        let name = "Exchange tick with \(label), per tick"
        Benchmark(
            "\(name) (bourse)",
            configuration: .init(
                metrics: [.wallClock], timeUnits: .nanoseconds, warmupIterations: 2, scalingFactor: .kilo,
                maxDuration: .seconds(5), maxIterations: 1_000)
        ) { _ in
            blackHole(engines.runFast())
        }
        Benchmark(
            "\(name) (baseline)",
            configuration: .init(
                metrics: [.wallClock], timeUnits: .nanoseconds, warmupIterations: 0, scalingFactor: .kilo,
                maxDuration: .seconds(30), maxIterations: 3)
        ) { _ in
            blackHole(engines.runScanning())
        }
    }
}
