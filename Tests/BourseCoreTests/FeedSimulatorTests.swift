import Foundation
import Testing

@testable import BourseCore

@Suite("Feed simulator")
struct FeedSimulatorTests {
    static let start = Date(timeIntervalSince1970: 1_763_649_000)

    /// `count` ticks, 200 ms apart.
    static func ticks(_ configuration: FeedSimulator.Configuration, count: Int) -> [FeedTick] {
        var simulator = FeedSimulator(configuration)
        return (0..<count).map { simulator.next(at: start.addingTimeInterval(Double($0) / 5)) }
    }

    static let aapl = FeedSimulator.Configuration(symbol: "AAPL", startPrice: Price(ticks: 230_00), seed: 42)

    @Test func theSameSeedGivesTheSameTicks() {
        #expect(Self.ticks(Self.aapl, count: 2_000) == Self.ticks(Self.aapl, count: 2_000))
    }

    @Test func differentSeedsGiveDifferentMarkets() {
        var other = Self.aapl
        other.seed = 43
        let a = Self.ticks(Self.aapl, count: 200)
        let b = Self.ticks(other, count: 200)
        #expect(zip(a, b).filter { $0.0.bids != $0.1.bids || $0.0.asks != $0.1.asks }.count > 100)
    }

    @Test func seqStartsAtOneAndGrowsByOne() {
        let ticks = Self.ticks(Self.aapl, count: 100)
        #expect(ticks.map(\.seq) == Array(1...100))
        #expect(ticks.allSatisfy { $0.symbol == "AAPL" })
    }

    @Test func skippingSequenceNumbersMakesAGap() {
        var simulator = FeedSimulator(Self.aapl)
        _ = simulator.next(at: Self.start)
        simulator.skipSequenceNumbers(5)
        #expect(simulator.next(at: Self.start).seq == 7)
    }

    @Test(
        "100,000 ticks keep every rule of the protocol",
        arguments: [
            aapl,
            FeedSimulator.Configuration(symbol: "PENNY", startPrice: Price(ticks: 5), seed: 7),
            FeedSimulator.Configuration(
                symbol: "WILD", startPrice: Price(ticks: 50_00), seed: 9, levels: 5, meanReversion: 0.02,
                volatilityTicks: 6, maxSpreadTicks: 8),
        ])
    func invariants(configuration: FeedSimulator.Configuration) {
        var simulator = FeedSimulator(configuration)
        let maxSpread = Int64(configuration.maxSpreadTicks)
        // Twelve stationary standard deviations of the mid, and room for the spread and depth.
        let band = 12 * configuration.volatilityTicks / (2 * configuration.meanReversion).squareRoot() + 40
        var spreads: Set<Int64> = []
        var tradesAtBid = 0
        var tradesAtAsk = 0
        var thinSides = 0
        var tradeSizes: Set<Int> = []
        var previousLast: LastTrade?
        // Rule breaks are collected and checked once: an #expect per tick would make this test
        // slow enough to starve the network tests that run beside it.
        var broken: [String] = []
        func check(_ condition: Bool, _ rule: @autoclosure () -> String) {
            if !condition, broken.count < 10 { broken.append(rule()) }
        }
        for i in 0..<100_000 {
            let time = Self.start.addingTimeInterval(Double(i) / 50)
            let tick = simulator.next(at: time)
            if i % 97 == 0 {  // parsing every tick would dominate the test's time
                check((try? FeedTick.parse(tick.jsonText))?.jsonText == tick.jsonText, "parses: \(tick.jsonText)")
            }
            check(tick.seq == Int64(i + 1), "seq \(tick.seq) at \(i)")
            guard let bid = tick.bestBid, let ask = tick.bestAsk, let last = tick.last else {
                check(false, "a side or the last trade is missing at seq \(tick.seq)")
                continue
            }
            let spread = ask.price.ticks - bid.price.ticks
            check((1...maxSpread).contains(spread), "spread \(spread) at seq \(tick.seq)")
            spreads.insert(spread)
            check(tick.bids.count <= configuration.levels && tick.asks.count <= configuration.levels, "too many levels")
            check(zip(tick.bids, tick.bids.dropFirst()).allSatisfy { $0.price > $1.price }, "bids out of order")
            check(zip(tick.asks, tick.asks.dropFirst()).allSatisfy { $0.price < $1.price }, "asks out of order")
            check((tick.bids + tick.asks).allSatisfy { $0.quantity > 0 && $0.price.ticks > 0 }, "a level not above zero")
            if tick.bids.count < configuration.levels || tick.asks.count < configuration.levels { thinSides += 1 }
            let mid = Double(bid.price.ticks + ask.price.ticks) / 2
            check(abs(mid - Double(max(configuration.startPrice.ticks, 2))) < band, "mid \(mid) outside the band")
            check(last.size > 0, "trade size \(last.size)")
            if last != previousLast {
                if last.price == bid.price { tradesAtBid += 1 }
                if last.price == ask.price { tradesAtAsk += 1 }
                tradeSizes.insert(last.size)
            }
            previousLast = last
        }
        #expect(broken.isEmpty)
        #expect(spreads == Set(1...maxSpread))
        #expect(tradesAtBid > 10_000 && tradesAtAsk > 10_000)
        #expect(tradeSizes.count > 20)
        #expect(thinSides > 100)
    }

    @Test func itTellsWhichTicksMadeANewTrade() {
        var simulator = FeedSimulator(Self.aapl)
        var made = 0
        var previous: LastTrade?
        for i in 0..<1_000 {
            let tick = simulator.next(at: Self.start.addingTimeInterval(Double(i)))
            // Without a new trade the tick repeats the last one; the first tick always prints one.
            if !simulator.lastTickMadeTrade { #expect(tick.last == previous) } else { made += 1 }
            if i == 0 { #expect(simulator.lastTickMadeTrade) }
            previous = tick.last
        }
        // About 60% of ticks trade (the default); both kinds occur.
        #expect(made > 400 && made < 800)
    }

    @Test func depthVariesLevelByLevel() {
        let ticks = Self.ticks(Self.aapl, count: 1_000)
        let quantities = Set(ticks.flatMap { ($0.bids + $0.asks).map(\.quantity) })
        #expect(quantities.count > 100)
        // Deeper levels hold more on average.
        let full = ticks.filter { $0.bids.count == 10 }
        let top = full.map { Double($0.bids[0].quantity) }.reduce(0, +) / Double(full.count)
        let deep = full.map { Double($0.bids[9].quantity) }.reduce(0, +) / Double(full.count)
        #expect(deep > 2 * top)
    }

    @Test func theSameSeedGivesTheSameDraws() {
        var a = SplitMix64(seed: 1)
        var b = SplitMix64(seed: 1)
        let first = (0..<5).map { _ in a.next() }
        #expect(first == (0..<5).map { _ in b.next() })
        // SplitMix64's published sequence for seed 1.
        var c = SplitMix64(seed: 1)
        #expect(c.next() == 0x910A_2DEC_8902_5CC1)
    }
}
