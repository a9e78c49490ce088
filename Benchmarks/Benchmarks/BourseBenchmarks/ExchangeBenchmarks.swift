import Benchmark
import BourseCore
import Foundation

/// Ticks through the matching engine while 10, 1,000 or 100,000 limit orders rest away from the
/// market (buys below 95.00, sells above 105.00, the book around 100.00, so none ever fills):
/// the cost of a tick that trades nothing, which is most ticks. The price-time heaps look at the
/// best order of each side; the naive baseline scans every resting order on every tick. Each
/// iteration applies 1,000 ticks and the scaling factor reports the time per tick, so ticks
/// per second are 10^9 / the nanoseconds shown.
enum ExchangeBenchmarks {
    static let sizes = [10, 1_000, 100_000]
    static let ticksPerIteration = 1_000

    /// A thousand ticks wandering between 99.50 and 100.50, five levels a side.
    static let ticks: [FeedTick] = {
        var state: UInt64 = 42
        var mid: Int64 = 10_000
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        return (1...ticksPerIteration).map { seq in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            mid = min(10_050, max(9_950, mid + Int64((state >> 33) % 5) - 2))
            let bids = (0..<5).map { BookLevel(price: Price(ticks: mid - 1 - Int64($0)), quantity: 100 * ($0 + 1)) }
            let asks = (0..<5).map { BookLevel(price: Price(ticks: mid + 1 + Int64($0)), quantity: 100 * ($0 + 1)) }
            return FeedTick(
                seq: Int64(seq), time: start.addingTimeInterval(Double(seq) / 10), symbol: "BRSE", last: nil, bids: bids,
                asks: asks)
        }
    }()

    /// An engine holding `count` resting orders, half buys at 90.00–94.99, half sells at
    /// 105.00–109.99.
    static func engine(_ kind: RestingOrderIndexKind, resting count: Int) -> MatchingEngine {
        var engine = MatchingEngine(index: kind)
        let time = Date(timeIntervalSince1970: 1_795_000_000)
        for i in 0..<count {
            let offset = Int64(i % 500)
            let request =
                i.isMultiple(of: 2)
                ? try! OrderRequest.limit(.buy, quantity: 100, price: Price(ticks: 9_499 - offset))
                : try! OrderRequest.limit(.sell, quantity: 100, price: Price(ticks: 10_500 + offset))
            _ = engine.submit(request, id: "r\(i)", at: time)
        }
        return engine
    }

    /// Applies the thousand ticks; every report must be empty.
    static func run(_ prebuilt: MatchingEngine) -> MatchingEngine {
        var engine = prebuilt
        for tick in ticks {
            let report = engine.apply(tick)
            guard report.isEmpty else { fatalError("a resting order traded: \(report)") }
        }
        return engine
    }

    static func register() {
        for count in sizes {
            let fast = engine(.priceTime, resting: count)
            let naive = engine(.scanning, resting: count)
            precondition(fast.openOrders.count == count && naive.openOrders.count == count)
            precondition(run(fast).book == run(naive).book, "the two indexes disagree")
            let name = "Exchange tick with \(count >= 1_000 ? "\(count / 1_000)k" : "\(count)") resting orders, per tick"
            let fastConfiguration = Benchmark.Configuration(
                metrics: [.wallClock], timeUnits: .nanoseconds, warmupIterations: 3, scalingFactor: .kilo,
                maxDuration: .seconds(5), maxIterations: 2_000)
            let naiveConfiguration = Benchmark.Configuration(
                metrics: [.wallClock], timeUnits: .nanoseconds, warmupIterations: 1, scalingFactor: .kilo,
                maxDuration: .seconds(10), maxIterations: count >= 100_000 ? 20 : 2_000)
            Benchmark("\(name) (bourse)", configuration: fastConfiguration) { _ in
                blackHole(run(fast))
            }
            Benchmark("\(name) (baseline)", configuration: naiveConfiguration) { _ in
                blackHole(run(naive))
            }
        }
    }
}
