import BourseCore
import Foundation
import Testing

@Suite("Chart: geometry")
struct ChartGeometryTests {
    static func layout(
        _ bars: [Bar], _ style: ChartStyle = .line, width: Double = 800, height: Double = 320,
        previousClose: ExactDecimal? = nil
    ) -> ChartLayout {
        ChartGeometry(bars: bars, style: style, width: width, height: height, previousClose: previousClose).layout()
    }

    @Test(
        "OHLC average, half-even to 4 places",
        arguments: [
            (["10", "12", "9", "11"], "10.5"),
            (["1.01", "1.02", "1.00", "1.01"], "1.01"),
            (["0.0001", "0.0003", "0.0001", "0.0002"], "0.0002"),
            (["189.10", "190.00", "188.20", "189.55"], "189.2125"),
            (["3", "3", "3", "4"], "3.25"),
        ] as [([ExactDecimal], ExactDecimal)])
    func ohlcAverage(prices: [ExactDecimal], average: ExactDecimal) {
        let bar = ChartBars.daily("2026-11-20", prices[0], prices[1], prices[2], prices[3])
        #expect(bar.ohlcAverage() == average)
    }

    @Test func theLineRunsThroughEachBarsAverage() {
        let bars = [
            ChartBars.daily("2026-11-18", "10", "12", "9", "11"),
            ChartBars.daily("2026-11-19", "11", "14", "10", "13"),
            ChartBars.daily("2026-11-20", "13", "13", "8", "9"),
        ]
        let layout = Self.layout(bars)
        #expect(layout.points.count == 3)
        for (point, bar) in zip(layout.points, bars) {
            #expect(abs(point.y - layout.yScale.map(bar.ohlcAverage().doubleApproximation)) < 1e-9)
        }
        #expect(layout.candles.isEmpty)
    }

    struct CandleCase: Sendable, CustomTestStringConvertible {
        let prices: [ExactDecimal]
        let direction: Candle.Direction
        var testDescription: String { "\(direction)" }
    }

    @Test(arguments: [
        CandleCase(prices: ["10", "13", "9", "12"], direction: .up),
        CandleCase(prices: ["12", "13", "9", "10"], direction: .down),
        CandleCase(prices: ["11", "13", "9", "11"], direction: .unchanged),
    ])
    func candleGeometry(_ c: CandleCase) throws {
        let bar = ChartBars.daily("2026-11-20", c.prices[0], c.prices[1], c.prices[2], c.prices[3])
        let layout = Self.layout([bar], .candles)
        let candle = try #require(layout.candles.first)
        let y = { (value: ExactDecimal) in layout.yScale.map(value.doubleApproximation) }
        #expect(candle.direction == c.direction)
        #expect(candle.wickTop == y(bar.high))
        #expect(candle.wickBottom == y(bar.low))
        #expect(candle.bodyTop == y(max(bar.open, bar.close)))
        #expect(candle.bodyBottom == y(min(bar.open, bar.close)))
        #expect(candle.drawnBodyHeight >= 1)
        if c.direction == .unchanged { #expect(candle.bodyTop == candle.bodyBottom && candle.drawnBodyHeight == 1) }
        #expect(abs(candle.x - (layout.plot.x + layout.plot.width / 2)) < 1e-9)
        #expect(abs(candle.bodyWidth - layout.plot.width * 0.7) < 1e-9)
    }

    @Test func aCandleIsAtLeastOnePixelWide() {
        let bars = ChartBars.dailyRun(from: "2022-01-01", through: "2026-11-20")
        let layout = Self.layout(bars, .candles, width: 200)
        #expect(layout.xAxis.band < 1)
        #expect(layout.candles.allSatisfy { $0.bodyWidth == 1 })
    }

    @Test(
        "a weekend or a night takes no room: bars either side are one band apart",
        arguments: [
            [ChartBars.daily("2026-11-20", "1", "2", "1", "2"), ChartBars.daily("2026-11-23", "2", "3", "1", "2")],
            [ChartBars.daily("2026-11-25", "1", "2", "1", "2"), ChartBars.daily("2026-11-27", "2", "3", "1", "2")],
            [ChartBars.at("2026-11-20", 15, 55), ChartBars.at("2026-11-23", 9, 30)],
        ])
    func gapsDisappear(bars: [Bar]) {
        let layout = Self.layout(bars)
        #expect(abs(layout.points[1].x - layout.points[0].x - layout.xAxis.band) < 1e-9)
    }

    @Test(
        "the previous close's line sits at its price, which the axis always covers",
        arguments: [
            "100.5", "90", "120",
        ] as [ExactDecimal])
    func previousCloseLine(previousClose: ExactDecimal) throws {
        let layout = Self.layout(ChartBars.session("2026-11-20", every: 5), previousClose: previousClose)
        let y = try #require(layout.previousCloseY)
        #expect(abs(y - layout.yScale.map(previousClose.doubleApproximation)) < 1e-9)
        #expect(y >= layout.plot.y && y <= layout.plot.maxY)
        #expect(Self.layout(ChartBars.session("2026-11-20", every: 5)).previousCloseY == nil)
    }

    @Test func noBarsIsAnExplicitNoDataLayout() {
        let layout = Self.layout([], .candles, previousClose: "10")
        #expect(layout.isEmpty)
        #expect(layout.yTicks.isEmpty && layout.xTicks.isEmpty && layout.points.isEmpty)
        #expect(layout.candles.isEmpty && layout.hitRegions.isEmpty && layout.previousCloseY == nil)
        #expect(layout.width == 800 && layout.height == 320)
    }

    @Test func oneBarIsCentredWithAFullAxis() throws {
        let layout = Self.layout([ChartBars.daily("2026-11-20", "10", "12", "9", "11")], .candles)
        #expect(layout.points.count == 1 && layout.candles.count == 1 && layout.hitRegions.count == 1)
        #expect(abs(layout.points[0].x - (layout.plot.x + layout.plot.width / 2)) < 1e-9)
        #expect((4...7).contains(layout.yTicks.count))
        let region = try #require(layout.hitRegions.first)
        #expect(region.minX == layout.plot.x && abs(region.maxX - layout.plot.maxX) < 1e-9)
    }

    @Test func hitRegionsTileThePlot() {
        let layout = Self.layout(ChartBars.session("2026-11-20", every: 5))
        #expect(layout.hitRegions.count == 78)
        for (a, b) in zip(layout.hitRegions, layout.hitRegions.dropFirst()) { #expect(abs(a.maxX - b.minX) < 1e-9) }
        for region in layout.hitRegions {
            #expect(layout.xAxis.index(at: (region.minX + region.maxX) / 2) == region.index)
        }
    }

    @Test func yTicksSpanThePlotTopToBottom() throws {
        let layout = Self.layout(ChartBars.session("2026-11-20", every: 5))
        let first = try #require(layout.yTicks.first)
        let last = try #require(layout.yTicks.last)
        #expect(abs(first.y - layout.plot.maxY) < 1e-9 && abs(last.y - layout.plot.y) < 1e-9)
        #expect(layout.yTicks.map(\.label) == layout.yTicks.map { $0.value.formatted(places: 0) })
    }

    @Test func aTinySizeIsRaisedToTheMinimum() {
        let layout = Self.layout(ChartBars.session("2026-11-20", every: 5), width: 10, height: -5)
        #expect(layout.width == ChartGeometry.minimumWidth && layout.height == ChartGeometry.minimumHeight)
        #expect(layout.plot.width >= 1 && layout.plot.height >= 1)
    }
}
