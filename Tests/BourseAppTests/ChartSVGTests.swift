import BourseCore
import Foundation
import Testing

@testable import BourseApp

@Suite("Chart SVG rendering")
struct ChartSVGTests {
    static let bars = [
        Bar(
            start: NewYorkTime.date(of: MarketDate(iso: "2026-11-19")!, hour: 0), open: 10, high: 12, low: 9, close: 11,
            volume: 1500),
        Bar(
            start: NewYorkTime.date(of: MarketDate(iso: "2026-11-20")!, hour: 0), open: 11, high: 11, low: 8, close: 9,
            volume: 2500),
    ]

    @Test func textIsEscapedEverywhere() throws {
        let layout = ChartGeometry(bars: Self.bars, style: .candles, width: 400, height: 200).layout()
        let svg = ChartSVG(layout: layout, summary: #"A<b>&"x'"#, data: [("note", "<script>alert(1)</script>")]).render()
        #expect(!svg.contains("<b>") && !svg.contains("<script"))
        #expect(svg.contains("<title>A&lt;b&gt;&amp;&quot;x&#39;</title>"))
        #expect(svg.contains(#"aria-label="A&lt;b&gt;&amp;&quot;x&#39;""#))
        #expect(svg.contains(#"data-note="&lt;script&gt;alert(1)&lt;/script&gt;""#))
        #expect(ChartRoutesTests.Elements.parse(svg) != nil)
    }

    @Test func candlesAreGroupedByDirectionWithTheirClasses() {
        let layout = ChartGeometry(bars: Self.bars, style: .candles, width: 400, height: 200).layout()
        let svg = ChartSVG(layout: layout, summary: "s").render()
        #expect(svg.contains(#"class="chart-candles chart-up""#))
        #expect(svg.contains(#"class="chart-candles chart-down""#))
        #expect(!svg.contains("chart-unchanged"))
        #expect(svg.contains(#"data-bars="2026-11-19|10|12|9|11|1500|"#))
    }

    @Test func theLineTellsTheRangesStory() throws {
        // From the first open (10) to the last close (9): down 1, −10 %, a red line.
        let down = ChartGeometry(bars: Self.bars, style: .line, width: 400, height: 200).layout()
        #expect(down.rangeChange == ChartLayout.RangeChange(amount: -1, percent: "-10.00", direction: .down))
        let svg = ChartSVG(layout: down, summary: "s").render()
        #expect(svg.contains(##"<polyline class="chart-line chart-down" fill="none" stroke="#c62828""##))
        #expect(svg.contains(#"data-range-change="-1" data-range-change-percent="-10.00""#))
        // 1D: from the previous close (8.5) to 9, up: a green line.
        let up = ChartGeometry(bars: Self.bars, style: .line, width: 400, height: 200, previousClose: "8.5").layout()
        #expect(up.rangeChange == ChartLayout.RangeChange(amount: "0.5", percent: "5.88", direction: .up))
        #expect(ChartSVG(layout: up, summary: "s").render().contains(#"class="chart-line chart-up""#))
        // Unchanged: the plain line; no bars: no story.
        let flat = ChartGeometry(bars: Self.bars, style: .line, width: 400, height: 200, previousClose: 9).layout()
        #expect(flat.rangeChange?.direction == .unchanged)
        #expect(ChartSVG(layout: flat, summary: "s").render().contains(#"<polyline class="chart-line" fill="none""#))
        #expect(ChartGeometry(bars: [], style: .line, width: 400, height: 200).layout().rangeChange == nil)
    }

    @Test func noDataSaysSo() throws {
        let layout = ChartGeometry(bars: [], style: .line, width: 400, height: 200).layout()
        let svg = ChartSVG(layout: layout, summary: ChartSummary.text(symbol: "MSFT", range: .oneDay, layout: layout)).render()
        #expect(svg.contains("No price data for this range"))
        #expect(svg.contains("<title>MSFT, 1D: no price data for this range.</title>"))
        #expect(!svg.contains("data-bars"))
        #expect(ChartRoutesTests.Elements.parse(svg) != nil)
    }

    @Test func aSingleBarIsADot() {
        let layout = ChartGeometry(bars: [Self.bars[0]], style: .line, width: 400, height: 200).layout()
        let svg = ChartSVG(layout: layout, summary: "s").render()
        #expect(svg.contains("<circle") && !svg.contains("<polyline"))
    }

    @Test(arguments: [(0.0, "0"), (12.25, "12.2"), (-3.04, "-3"), (-0.04, "0"), (1234.56, "1234.6"), (99.95, "100")])
    func numbers(value: Double, text: String) {
        var writer = SVGWriter()
        writer.number(value)
        #expect(writer.text == text)
    }

    @Test func theSummaryNamesTheRangeAndPrices() {
        let layout = ChartGeometry(bars: Self.bars, style: .line, width: 400, height: 200, previousClose: "10.50").layout()
        #expect(
            ChartSummary.text(symbol: "MSFT", range: .oneMonth, layout: layout)
                == "MSFT, 1M, line chart of the average of open, high, low and close: 2 daily bars from Thu Nov 19 2026 to Fri Nov 20 2026; low 8, high 12; last close 9; previous close 10.50."
        )
    }
}
