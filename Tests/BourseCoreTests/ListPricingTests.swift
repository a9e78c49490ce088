import Foundation
import Testing

@testable import BourseCore

@Suite("ListPricing")
struct ListPricingTests {
    static func bar(_ close: String) -> Bar {
        let c = ExactDecimal(close)!
        return Bar(start: Date(timeIntervalSince1970: 0), open: c, high: c, low: c, close: c, volume: 100)
    }

    static let friday = MarketDate(iso: "2026-11-20")!
    static let thursday = MarketDate(iso: "2026-11-19")!

    @Test(
        "prices from the last two days",
        arguments: [
            ("AAPL", "190.25", "187.50", "2.75", "1.47"),
            ("DOWN", "9.99", "10.00", "-0.01", "-0.10"),
            ("FLAT", "5", "5.00", "0.00", "0.00"),
            ("HALF", "100.125", "100", "0.125", "0.12"),  // 0.125 % rounds half-even to 0.12
        ])
    func quote(symbol: String, close: String, previous: String, change: String, percent: String) throws {
        let pricing = ListPricing(
            lastDay: Self.friday, last: [symbol: Self.bar(close)],
            previousDay: Self.thursday, previous: [symbol: Self.bar(previous)])

        let quote = try #require(pricing.quote(for: symbol))

        #expect(quote.price.description == close)
        #expect(quote.change?.description == change)
        #expect(quote.changePercent?.description == percent)
        #expect(quote.asOf == Self.friday)
    }

    @Test func aStockNewOnTheLastDayHasAPriceButNoChange() throws {
        let pricing = ListPricing(lastDay: Self.friday, last: ["NEW": Self.bar("10")], previousDay: Self.thursday, previous: [:])
        let quote = try #require(pricing.quote(for: "NEW"))
        #expect(quote.price == 10)
        #expect(quote.change == nil && quote.changePercent == nil)
    }

    @Test func aStockThatDidNotTradeIsLeftOutInOrder() {
        let pricing = ListPricing(
            lastDay: Self.friday, last: ["A": Self.bar("1"), "C": Self.bar("3")],
            previousDay: Self.thursday, previous: [:])
        #expect(pricing.quotes(for: ["C", "B", "A"]).map(\.symbol) == ["C", "A"])
    }

    @Test func aZeroPreviousCloseGivesNoPercent() throws {
        let pricing = ListPricing(
            lastDay: Self.friday, last: ["Z": Self.bar("1")], previousDay: Self.thursday, previous: ["Z": Self.bar("0")])
        let quote = try #require(pricing.quote(for: "Z"))
        #expect(quote.change == 1)
        #expect(quote.changePercent == nil)
    }
}
