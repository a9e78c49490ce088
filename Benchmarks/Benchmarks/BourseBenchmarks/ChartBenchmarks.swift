import Benchmark
import BourseApp
import BourseCore
import Foundation
import StandIns

/// Bars to an SVG string: a year of daily bars as a line and a day of one-minute bars as
/// candles. Both sides lay the chart out with `ChartGeometry`; Bourse writes the SVG with
/// `ChartSVG` (one byte buffer, numbers written from integers), the baseline writes the same
/// elements by repeated `String +` with `String(format: "%.1f")` for every number.
enum ChartBenchmarks {
    static let now = NewYorkTime.date(of: MarketDate(iso: "2026-11-20")!, hour: 17)
    static let market = try! SimulatedMarket.bundled()
    static let yearOfDays = market.dailyBars(
        "MSFT", from: MarketDate(iso: "2025-11-20")!, through: MarketDate(iso: "2026-11-20")!, now: now)
    static let dayOfMinutes = market.minuteBars("MSFT", on: MarketDate(iso: "2026-11-20")!, now: now)

    static func bourse(_ bars: [Bar], _ style: ChartStyle) -> String {
        let layout = ChartGeometry(bars: bars, style: style, width: 800, height: 320).layout()
        return ChartSVG(layout: layout, summary: "MSFT chart").render()
    }

    static func baseline(_ bars: [Bar], _ style: ChartStyle) -> String {
        NaiveChartSVG.render(ChartGeometry(bars: bars, style: style, width: 800, height: 320).layout(), summary: "MSFT chart")
    }

    static func register() {
        precondition(yearOfDays.count > 240 && dayOfMinutes.count == 390, "unexpected bars from the simulated market")
        for (bars, style) in [(yearOfDays, ChartStyle.line), (dayOfMinutes, .candles)] {
            let fast = bourse(bars, style)
            let slow = baseline(bars, style)
            // The same elements with the same numbers (to the tenth, give or take a tie rounded
            // the other way): equal length within 1%.
            precondition(
                fast.filter { $0 == "<" }.count == slow.filter { $0 == "<" }.count
                    && abs(fast.utf8.count - slow.utf8.count) * 100 <= fast.utf8.count,
                "the two renderers disagree: \(fast.utf8.count) and \(slow.utf8.count) bytes")
        }
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 10,
            maxDuration: .seconds(5), maxIterations: 2000)

        Benchmark("Chart SVG 1Y daily line (bourse)", configuration: configuration) { _ in
            blackHole(bourse(yearOfDays, .line))
        }
        Benchmark("Chart SVG 1Y daily line (baseline)", configuration: configuration) { _ in
            blackHole(baseline(yearOfDays, .line))
        }
        Benchmark("Chart SVG 1D minute candles (bourse)", configuration: configuration) { _ in
            blackHole(bourse(dayOfMinutes, .candles))
        }
        Benchmark("Chart SVG 1D minute candles (baseline)", configuration: configuration) { _ in
            blackHole(baseline(dayOfMinutes, .candles))
        }
    }
}

/// The naive way to write the same SVG: string concatenation and `String(format:)`.
enum NaiveChartSVG {
    static func f(_ value: Double) -> String {
        let text = String(format: "%.1f", value)
        let trimmed = text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        return trimmed == "-0" ? "0" : trimmed
    }

    /// The line's classes and colour by the range's direction: `" chart-up" fill="none" stroke="…`.
    static func lineClass(_ direction: Candle.Direction) -> String {
        switch direction {
        case .up: return " chart-up\" fill=\"none\" stroke=\"#1a7f37"
        case .down: return " chart-down\" fill=\"none\" stroke=\"#c62828"
        case .unchanged: return "\" fill=\"none\" stroke=\"#0b57d0"
        }
    }

    /// ` data-unit="…" data-at="…"`: what a time label stands for.
    static func labelTime(_ tick: ChartLayout.XTick, rule: TimeTickRule) -> String {
        let day = NewYorkTime.marketDate(of: tick.start)
        switch rule {
        case .hours: return " data-unit=\"hour\" data-at=\"" + Timestamp.iso8601(tick.start) + "\""
        case .days, .weeks: return " data-unit=\"day\" data-at=\"" + day.iso + "\""
        case .months: return " data-unit=\"" + (day.month == 1 ? "year" : "month") + "\" data-at=\"" + day.iso + "\""
        }
    }

    static func render(_ layout: ChartLayout, summary: String) -> String {
        let plot = layout.plot
        let summaryText = Markup.escaped(summary)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart chart-" + layout.style.rawValue + "\""
        svg = svg + " viewBox=\"0 0 " + f(layout.width) + " " + f(layout.height) + "\" width=\"100%\""
        svg = svg + " preserveAspectRatio=\"xMidYMid meet\" role=\"img\" aria-label=\"" + summaryText + "\""
        svg = svg + " font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif\" font-size=\"11\""
        svg = svg + " data-plot=\"" + f(plot.x) + " " + f(plot.y) + " " + f(plot.width) + " " + f(plot.height) + "\""
        svg = svg + " data-band=\"" + String(layout.xAxis.band) + "\""
        if let change = layout.rangeChange {
            svg = svg + " data-range-change=\"" + change.amount.description + "\""
            if let percent = change.percent { svg = svg + " data-range-change-percent=\"" + percent.description + "\"" }
        }
        svg = svg + " data-bars=\""
        for (index, bar) in layout.bars.enumerated() {
            if index > 0 { svg = svg + ";" }
            let time = layout.isIntraday ? Timestamp.iso8601(bar.start) : NewYorkTime.marketDate(of: bar.start).iso
            svg = svg + Markup.escaped(time)
            for value in [bar.open, bar.high, bar.low, bar.close, bar.volume] { svg = svg + "|" + value.description }
            svg = svg + "|" + f(layout.points[index].y) + "|" + f(layout.points[index].x)
        }
        svg = svg + "\"><title>" + summaryText + "</title>"
        svg = svg + "<path class=\"chart-grid\" fill=\"none\" stroke=\"#d8dde2\" stroke-width=\"1\" d=\""
        for tick in layout.yTicks { svg = svg + "M" + f(plot.x) + " " + f(tick.y) + "H" + f(plot.maxX) }
        svg = svg + "\"/><path class=\"chart-axis\" fill=\"none\" stroke=\"#8a939b\" stroke-width=\"1\" d=\"M"
        svg = svg + f(plot.x) + " " + f(plot.maxY) + "H" + f(plot.maxX)
        for tick in layout.xTicks { svg = svg + "M" + f(tick.x) + " " + f(plot.maxY) + "v4" }
        svg = svg + "\"/><g class=\"chart-labels\" fill=\"#50575e\">"
        for tick in layout.yTicks {
            svg =
                svg + "<text x=\"" + f(plot.maxX + 6) + "\" y=\"" + f(tick.y) + "\" dy=\"0.32em\">" + Markup.escaped(tick.label)
                + "</text>"
        }
        for tick in layout.xTicks {
            svg =
                svg + "<text text-anchor=\"middle\" x=\"" + f(tick.x) + "\" y=\"" + f(plot.maxY + 16) + "\""
                + labelTime(tick, rule: layout.tickRule) + ">" + Markup.escaped(tick.label) + "</text>"
        }
        svg = svg + "</g>"
        switch layout.style {
        case .line:
            svg =
                svg
                + "<polyline class=\"chart-line" + lineClass(layout.rangeChange?.direction ?? .unchanged)
                + "\" stroke-width=\"1.5\" stroke-linejoin=\"round\" points=\""
            for (index, point) in layout.points.enumerated() {
                svg = svg + (index > 0 ? " " : "") + f(point.x) + "," + f(point.y)
            }
            svg = svg + "\"/>"
        case .candles:
            for (direction, colour) in [(Candle.Direction.up, "#1a7f37"), (.down, "#c62828"), (.unchanged, "#50575e")] {
                let members = layout.candles.filter { $0.direction == direction }
                guard !members.isEmpty else { continue }
                svg =
                    svg + "<g class=\"chart-candles chart-" + direction.rawValue + "\" fill=\"" + colour + "\" stroke=\"" + colour
                    + "\">"
                svg = svg + "<path class=\"chart-wicks\" fill=\"none\" stroke-width=\"1\" d=\""
                for c in members { svg = svg + "M" + f(c.x) + " " + f(c.wickTop) + "V" + f(c.wickBottom) }
                svg = svg + "\"/><path class=\"chart-bodies\" stroke=\"none\" d=\""
                for c in members {
                    svg = svg + "M" + f(c.x - c.bodyWidth / 2) + " " + f(c.bodyTop) + "h" + f(c.bodyWidth)
                    svg = svg + "v" + f(c.drawnBodyHeight) + "h" + f(-c.bodyWidth) + "z"
                }
                svg = svg + "\"/></g>"
            }
        }
        return svg + "</svg>"
    }
}
