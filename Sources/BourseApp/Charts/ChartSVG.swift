import BourseCore

/// Renders a `ChartLayout` as a self-contained SVG that scales to its container's width.
///
/// Colours are presentation attributes, so the file looks right on its own; on a page, the
/// classes (`chart-up`, `chart-down`, `chart-line`, ...) take their colours from the
/// stylesheet, dark mode included. The bars travel in `data-bars` on the root element for the
/// crosshair (`chart.js`); there is no script, style element or foreign content inside.
public struct ChartSVG: Sendable {
    /// A generous width of one character of the 11 px labels (digits and capitals are ~6.5 px).
    static let labelCharacterWidth = 7.0
    /// The least room between the image's left edge and a label.
    static let labelMargin = 2.0

    public let layout: ChartLayout
    /// The accessible summary: the `<title>` and the `aria-label`.
    public let summary: String
    /// Extra `data-` attributes for the root (name without the prefix -> value), e.g. the source.
    public var data: [(String, String)] = []

    /// The light palette, used when no stylesheet applies (the SVG opened on its own).
    enum Palette {
        static let text = "#50575e"
        static let grid = "#d8dde2"
        static let axis = "#8a939b"
        static let line = "#0b57d0"
        static let up = "#1a7f37"
        static let down = "#c62828"
        static let unchanged = "#50575e"
    }

    public init(layout: ChartLayout, summary: String, data: [(String, String)] = []) {
        self.layout = layout
        self.summary = summary
        self.data = data
    }

    /// The SVG document.
    public func render() -> String {
        var out = SVGWriter(capacity: 2048 + layout.bars.count * 120)
        openRoot(&out)
        out.raw("<title>")
        out.escaped(summary)
        out.raw("</title>")
        if layout.isEmpty {
            out.raw(#"<text class="chart-empty" text-anchor="middle""#)
            out.attribute("x", layout.width / 2)
            out.attribute("y", layout.height / 2)
            out.raw(#" fill="\#(Palette.text)" font-size="14">No price data for this range</text></svg>"#)
            return out.text
        }
        grid(&out)
        previousCloseLine(&out)
        switch layout.style {
        case .line: line(&out)
        case .candles: candles(&out)
        }
        out.raw("</svg>")
        return out.text
    }

    private func openRoot(_ out: inout SVGWriter) {
        out.raw(#"<svg xmlns="http://www.w3.org/2000/svg" class="chart chart-"#)
        out.raw(layout.style.rawValue)
        out.raw(#"" viewBox="0 0 "#)
        out.number(layout.width)
        out.raw(" ")
        out.number(layout.height)
        out.raw(#"" width="100%" preserveAspectRatio="xMidYMid meet" role="img""#)
        out.attribute("aria-label", summary)
        out.raw(#" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="11""#)
        for (name, value) in data { out.attribute("data-" + name, value) }
        guard !layout.isEmpty else {
            out.raw(">")
            return
        }
        let plot = layout.plot
        out.raw(#" data-plot=""#)
        out.number(plot.x)
        out.raw(" ")
        out.number(plot.y)
        out.raw(" ")
        out.number(plot.width)
        out.raw(" ")
        out.number(plot.height)
        out.raw(#"" data-band=""#)
        out.raw(String(layout.xAxis.band))
        if let previousClose = layout.previousClose {
            // What a scrubbed bar's change is measured from on 1D (else the range's first open).
            out.raw(#"" data-previous-close=""#)
            out.raw(previousClose.description)
        }
        if let change = layout.rangeChange {
            // The range's story, for the page to say beside its buttons.
            out.raw(#"" data-range-change=""#)
            out.raw(change.amount.description)
            if let percent = change.percent {
                out.raw(#"" data-range-change-percent=""#)
                out.raw(percent.description)
            }
        }
        out.raw(#"" data-bars=""#)
        barData(&out)
        out.raw(#"">"#)
    }

    /// `time|open|high|low|close|volume|y|x;...`: what the crosshair shows and where it rests. The
    /// time is for the page's script to write in the reader's style (`dates.js`): an intraday
    /// bar's start as a UTC instant ("2026-11-20T15:35:00Z"), a daily bar's New York date
    /// ("2026-11-20").
    private func barData(_ out: inout SVGWriter) {
        let intraday = layout.isIntraday
        for (index, bar) in layout.bars.enumerated() {
            if index > 0 { out.raw(";") }
            out.escaped(intraday ? Timestamp.iso8601(bar.start) : NewYorkTime.marketDate(of: bar.start).iso)
            for value in [bar.open, bar.high, bar.low, bar.close, bar.volume] {
                out.raw("|")
                out.raw(value.description)
            }
            out.raw("|")
            out.number(layout.points[index].y)
            out.raw("|")
            out.number(layout.points[index].x)
        }
    }

    private func grid(_ out: inout SVGWriter) {
        let plot = layout.plot
        out.raw(#"<path class="chart-grid" fill="none" stroke="\#(Palette.grid)" stroke-width="1" d=""#)
        for tick in layout.yTicks {
            out.raw("M")
            out.number(plot.x)
            out.raw(" ")
            out.number(tick.y)
            out.raw("H")
            out.number(plot.maxX)
        }
        out.raw(#""/><path class="chart-axis" fill="none" stroke="\#(Palette.axis)" stroke-width="1" d=""#)
        out.raw("M")
        out.number(plot.x)
        out.raw(" ")
        out.number(plot.maxY)
        out.raw("H")
        out.number(plot.maxX)
        for tick in layout.xTicks {
            out.raw("M")
            out.number(tick.x)
            out.raw(" ")
            out.number(plot.maxY)
            out.raw("v4")
        }
        out.raw(#""/><g class="chart-labels" fill="\#(Palette.text)">"#)
        for tick in layout.yTicks {
            out.raw("<text")
            out.attribute("x", plot.maxX + 6)
            out.attribute("y", tick.y)
            out.raw(#" dy="0.32em">"#)
            out.escaped(tick.label)
            out.raw("</text>")
        }
        for tick in layout.xTicks {
            // Centred under its tick, unless that would cut its start at the chart's left edge
            // ("v 20" for "Nov 20"): then it starts at the edge.
            let halfWidth = Double(tick.label.count) * Self.labelCharacterWidth / 2
            if tick.x - halfWidth < Self.labelMargin {
                out.raw(#"<text text-anchor="start""#)
                out.attribute("x", Self.labelMargin)
            } else {
                out.raw(#"<text text-anchor="middle""#)
                out.attribute("x", tick.x)
            }
            out.attribute("y", plot.maxY + 16)
            let (unit, at) = Self.labelTime(tick, rule: layout.tickRule)
            out.attribute("data-unit", unit)
            out.attribute("data-at", at)
            out.raw(">")
            out.escaped(tick.label)
            out.raw("</text>")
        }
        out.raw("</g>")
    }

    /// What a time label stands for, for the page to write it in its reader's style (`dates.js`
    /// `axisLabel`): an hour of New York time as a UTC instant, else a New York date, with the
    /// unit it names (`hour`, `day`, `month`, or `year` for a January).
    static func labelTime(_ tick: ChartLayout.XTick, rule: TimeTickRule) -> (unit: String, at: String) {
        let day = NewYorkTime.marketDate(of: tick.start)
        switch rule {
        case .hours: return ("hour", Timestamp.iso8601(tick.start))
        case .days, .weeks: return ("day", day.iso)
        case .months: return (day.month == 1 ? "year" : "month", day.iso)
        }
    }

    private func previousCloseLine(_ out: inout SVGWriter) {
        guard let y = layout.previousCloseY, let value = layout.previousClose else { return }
        let plot = layout.plot
        out.raw(
            #"<g class="chart-previous-close"><path fill="none" stroke="\#(Palette.text)" stroke-width="1" stroke-dasharray="4 3" d="M"#
        )
        out.number(plot.x)
        out.raw(" ")
        out.number(y)
        out.raw("H")
        out.number(plot.maxX)
        out.raw(#""/><text fill="\#(Palette.text)""#)
        out.attribute("x", plot.x + 4)
        out.attribute("y", y > plot.y + 14 ? y - 4 : y + 12)
        out.raw(">Previous close ")
        out.escaped(value.description)
        out.raw("</text></g>")
    }

    private func line(_ out: inout SVGWriter) {
        let points = layout.points
        if points.count == 1 {
            out.raw(#"<circle class="chart-line chart-point" r="3" fill="\#(Palette.line)""#)
            out.attribute("cx", points[0].x)
            out.attribute("cy", points[0].y)
            out.raw("/>")
            return
        }
        // Green when the range closed up, red when down (blue when unchanged).
        let direction = layout.rangeChange?.direction ?? .unchanged
        let colour =
            switch direction {
            case .up: Palette.up
            case .down: Palette.down
            case .unchanged: Palette.line
            }
        out.raw(#"<polyline class="chart-line"#)
        if direction != .unchanged {
            out.raw(" chart-")
            out.raw(direction.rawValue)
        }
        out.raw(#"" fill="none" stroke=""#)
        out.raw(colour)
        out.raw(#"" stroke-width="1.5" stroke-linejoin="round" points=""#)
        for (index, point) in points.enumerated() {
            if index > 0 { out.raw(" ") }
            out.number(point.x)
            out.raw(",")
            out.number(point.y)
        }
        out.raw(#""/>"#)
    }

    private func candles(_ out: inout SVGWriter) {
        let groups: [(Candle.Direction, String)] = [(.up, Palette.up), (.down, Palette.down), (.unchanged, Palette.unchanged)]
        for (direction, colour) in groups {
            let members = layout.candles.filter { $0.direction == direction }
            guard !members.isEmpty else { continue }
            out.raw(#"<g class="chart-candles chart-"#)
            out.raw(direction.rawValue)
            out.raw(#"" fill="\#(colour)" stroke="\#(colour)"><path class="chart-wicks" fill="none" stroke-width="1" d=""#)
            for candle in members {
                out.raw("M")
                out.number(candle.x)
                out.raw(" ")
                out.number(candle.wickTop)
                out.raw("V")
                out.number(candle.wickBottom)
            }
            out.raw(#""/><path class="chart-bodies" stroke="none" d=""#)
            for candle in members {
                out.raw("M")
                out.number(candle.x - candle.bodyWidth / 2)
                out.raw(" ")
                out.number(candle.bodyTop)
                out.raw("h")
                out.number(candle.bodyWidth)
                out.raw("v")
                out.number(candle.drawnBodyHeight)
                out.raw("h")
                out.number(-candle.bodyWidth)
                out.raw("z")
            }
            out.raw(#""/></g>"#)
        }
    }
}
