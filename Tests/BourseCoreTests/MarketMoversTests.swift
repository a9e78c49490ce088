import BourseCore
import Foundation
import Testing

@Suite("Market movers")
struct MarketMoversTests {
    static let friday = MarketDate(iso: "2026-11-20")!
    static let thursday = MarketDate(iso: "2026-11-19")!

    static func bar(close: ExactDecimal, volume: ExactDecimal) -> Bar {
        Bar(start: NewYorkTime.date(of: friday, hour: 0), open: close, high: close, low: close, close: close, volume: volume)
    }

    /// A market of (symbol, previous close, close, volume).
    static func pricing(_ stocks: [(String, ExactDecimal, ExactDecimal, ExactDecimal)]) -> ListPricing {
        ListPricing(
            lastDay: friday,
            last: Dictionary(uniqueKeysWithValues: stocks.map { ($0.0, bar(close: $0.2, volume: $0.3)) }),
            previousDay: thursday,
            previous: Dictionary(uniqueKeysWithValues: stocks.map { ($0.0, bar(close: $0.1, volume: 1)) }))
    }

    @Test func theBoundariesOfEligibility() {
        let pricing = Self.pricing([
            ("PENNY", "0.99", "1.50", 500_000),  // previous close under 1.00: out
            ("DOLLAR", "1.00", "1.50", 500_000),  // exactly 1.00: in
            ("THIN", "10", "15", 99_999),  // under 100,000 shares: out
            ("ENOUGH", "10", "14", 100_000),  // exactly 100,000: in
            ("WARNT", "10", "20", 900_000),  // not listed: out
        ])
        let movers = MarketMovers(pricing: pricing) { $0 == "WARNT" ? nil : $0.lowercased() }
        #expect(movers.asOf == Self.friday)
        #expect(movers.gainers.map(\.symbol) == ["DOLLAR", "ENOUGH"])
        #expect(movers.losers.map(\.symbol) == ["ENOUGH", "DOLLAR"])
        #expect(movers.active.map(\.symbol) == ["DOLLAR", "ENOUGH"])
        let dollar = movers.gainers[0]
        #expect(dollar.name == "dollar" && dollar.price == "1.50" && dollar.change == "0.50")
        #expect(dollar.changePercent == "50.00" && dollar.volume == 500_000)
    }

    @Test func tiesGoBySymbolAndEachListKeepsTen() {
        // Twelve stocks up 5.00 %, three down 5.00 %, all trading the same volume.
        let up = (0..<12).map {
            ("U\(String(UnicodeScalar(UInt8(76 - $0))))", ExactDecimal(20), ExactDecimal(21), ExactDecimal(200_000))
        }
        let down = ["DC", "DA", "DB"].map { ($0, ExactDecimal(20), ExactDecimal(19), ExactDecimal(200_000)) }
        let movers = MarketMovers(pricing: Self.pricing(up + down)) { $0 }
        #expect(movers.gainers.count == 10)
        #expect(movers.gainers.map(\.symbol) == up.map(\.0).sorted().prefix(10).map { $0 })
        #expect(movers.losers.prefix(3).map(\.symbol) == ["DA", "DB", "DC"])
        #expect(movers.active.map(\.symbol) == (up + down).map(\.0).sorted().prefix(10).map { $0 })
    }

    @Test(arguments: [1, 7, 2024])
    func agreesWithSortingTheWholeMarket(seed: UInt64) {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        // 3,000 stocks with few distinct changes and volumes, so ties are common.
        let stocks = (0..<3000).map { i -> (String, ExactDecimal, ExactDecimal, ExactDecimal) in
            let previous = ExactDecimal(next(40)) * "0.5" + ExactDecimal(next(2)) * "0.25"
            let close = previous + ExactDecimal(next(9) - 4) * "0.25"
            return ("S\(i)", previous, close > 0 ? close : "0.01", ExactDecimal(next(6) * 50_000))
        }
        let pricing = Self.pricing(stocks)
        let name: (String) -> String? = { symbol in symbol.hasSuffix("7") ? nil : "Name of \(symbol)" }
        #expect(MarketMovers(pricing: pricing, name: name) == MarketMovers.bySorting(pricing: pricing, name: name))
    }

    @Test func anEmptyMarketHasEmptyLists() {
        let movers = MarketMovers(pricing: Self.pricing([])) { $0 }
        #expect(movers.gainers.isEmpty && movers.losers.isEmpty && movers.active.isEmpty)
    }
}
