import Foundation

/// Lays out a price chart: the plot area, the price and time axes, the line or candles, the
/// previous close and the crosshair's regions, in pixels, from bars and a size.
///
/// Bars sit side by side by index (see `OrdinalAxis`), so gaps in trading take no room; a day's
/// bars given its session (`slots`) sit in their slots of the whole session instead, so a session
/// in progress fills the day only as far as it has come, under hour labels for the whole day. The
/// price axis covers every high and low (and the previous close) with a little padding
/// (see `NiceTicks`). Pixel geometry is `Double`; every price shown as text comes from an
/// `ExactDecimal`.
public struct ChartGeometry: Sendable {
    public var bars: [Bar]
    public var style: ChartStyle
    public var width: Double
    public var height: Double
    public var previousClose: ExactDecimal?
    /// Where the time labels go; by default chosen from the bars (`TimeTickRule.automatic`).
    public var tickRule: TimeTickRule?
    /// The session the bars are of (1D): each bar in its slot, bars outside the session left out.
    public var slots: SessionSlots?

    /// Space above the plot, and to its left.
    public static let topMargin = 8.0
    public static let leftMargin = 4.0
    /// Space below the plot for the time labels.
    public static let bottomMargin = 22.0
    /// The width of one character of a label (11 px system font), to size the price gutter.
    public static let characterWidth = 6.6
    /// The least blank space between two time labels.
    public static let labelGap = 12.0
    /// The smallest chart drawn; smaller sizes are raised to it.
    public static let minimumWidth = 120.0
    public static let minimumHeight = 80.0

    public init(
        bars: [Bar], style: ChartStyle, width: Double, height: Double,
        previousClose: ExactDecimal? = nil, tickRule: TimeTickRule? = nil, slots: SessionSlots? = nil
    ) {
        self.bars = slots?.barsInSession(bars) ?? bars
        self.style = style
        self.width = width
        self.height = height
        self.previousClose = previousClose
        self.tickRule = tickRule
        self.slots = slots
    }

    /// The least distance between the centres of two neighbouring time labels.
    public static func labelSpacing(_ left: String, _ right: String) -> Double {
        Double(left.count + right.count) * characterWidth / 2 + labelGap
    }

    /// The layout, or an empty "no data" layout when there are no bars.
    public func layout() -> ChartLayout {
        let width = max(self.width.isFinite ? self.width : 0, Self.minimumWidth)
        let height = max(self.height.isFinite ? self.height : 0, Self.minimumHeight)
        let starts = bars.map(\.start)
        let rule = tickRule ?? TimeTickRule.automatic(for: starts)

        guard let first = bars.first else {
            let plot = ChartLayout.Rect(
                x: Self.leftMargin, y: Self.topMargin, width: width - Self.leftMargin * 2,
                height: height - Self.topMargin - Self.bottomMargin)
            return ChartLayout(
                width: width, height: height, style: style, plot: plot, bars: [],
                xAxis: OrdinalAxis(left: plot.x, width: plot.width, count: 0),
                yScale: LinearScale(domain: (0, 1), range: (plot.maxY, plot.y)),
                yTicks: [], xTicks: [], tickRule: rule, points: [], candles: [],
                previousCloseY: nil, previousClose: previousClose, hitRegions: [])
        }

        var low = first.low
        var high = first.high
        for bar in bars {
            low = min(low, bar.low, bar.high)
            high = max(high, bar.high, bar.low)
        }
        if let previousClose {
            low = min(low, previousClose)
            high = max(high, previousClose)
        }
        let ticks = NiceTicks(covering: low, high)
        let labels = ticks.values.map(ticks.label)
        let longest = labels.map(\.count).max() ?? 1
        let gutter = Double(longest) * Self.characterWidth + 10
        let plot = ChartLayout.Rect(
            x: Self.leftMargin, y: Self.topMargin,
            width: max(width - Self.leftMargin - gutter, 1),
            height: max(height - Self.topMargin - Self.bottomMargin, 1))
        let yScale = LinearScale(
            domain: (ticks.lower.doubleApproximation, ticks.upper.doubleApproximation), range: (plot.maxY, plot.y))
        // Where each bar sits on the axis: its slot of the session, else its place in the list.
        let positions = slots.map { slots in starts.map { slots.slot(of: $0) ?? 0 } } ?? Array(bars.indices)
        let xAxis = OrdinalAxis(left: plot.x, width: plot.width, count: slots?.count ?? bars.count)
        func y(_ value: ExactDecimal) -> Double { yScale.map(value.doubleApproximation) }

        let yTicks = zip(ticks.values, labels).map { ChartLayout.YTick(value: $0, label: $1, y: y($0)) }
        var xTicks: [ChartLayout.XTick] = []
        for (position, label, start) in timeLabels(rule: rule, starts: starts, positions: positions) {
            let x = xAxis.center(of: position)
            // Keep a label only when it clears the one before and fits before the gutter.
            if let last = xTicks.last, x - last.x < Self.labelSpacing(last.label, label) { continue }
            if x + Double(label.count) * Self.characterWidth / 2 > plot.maxX + gutter { continue }
            xTicks.append(ChartLayout.XTick(index: position, label: label, x: x, start: start))
        }

        let band = xAxis.band
        let points = bars.indices.map {
            ChartLayout.Point(x: xAxis.center(of: positions[$0]), y: y(bars[$0].ohlcAverage()))
        }
        let candles: [Candle] =
            style == .line
            ? []
            : bars.indices.map { index in
                let bar = bars[index]
                let top = y(max(bar.open, bar.close))
                let bottom = y(min(bar.open, bar.close))
                return Candle(
                    index: index, x: points[index].x, bodyTop: top, bodyBottom: bottom,
                    wickTop: y(max(bar.high, bar.low)), wickBottom: y(min(bar.high, bar.low)),
                    bodyWidth: max(band * 0.7, 1), direction: Candle.Direction(open: bar.open, close: bar.close))
            }
        // Each bar's region runs from its band's left edge to the next bar's (the first from the
        // plot's edge, the last to its band's end), so gaps in a session select the bar before.
        let hitRegions = bars.indices.map { index in
            ChartLayout.HitRegion(
                index: index, minX: index == 0 ? plot.x : points[index].x - band / 2,
                maxX: index + 1 < bars.count ? points[index + 1].x - band / 2 : points[index].x + band / 2)
        }
        return ChartLayout(
            width: width, height: height, style: style, plot: plot, bars: bars, xAxis: xAxis, yScale: yScale,
            yTicks: yTicks, xTicks: xTicks, tickRule: rule, points: points, candles: candles,
            previousCloseY: previousClose.map(y), previousClose: previousClose, hitRegions: hitRegions)
    }

    /// The time labels as (axis position, text): on a session's axis every hour of the day
    /// ("10:00" to "15:00"), whether or not its bars have come yet; else where `rule` puts them.
    private func timeLabels(
        rule: TimeTickRule, starts: [Date], positions: [Int]
    ) -> [(position: Int, label: String, start: Date)] {
        guard let slots else {
            return rule.boundaries(of: starts).map { (positions[$0.index], $0.label, starts[$0.index]) }
        }
        return (0..<slots.count).compactMap { slot in
            let start = slots.start(of: slot)
            let minute = NewYorkTime.minuteOfDay(at: start)
            return minute % 60 == 0 ? (slot, ChartText.clock(minute), start) : nil
        }
    }
}
