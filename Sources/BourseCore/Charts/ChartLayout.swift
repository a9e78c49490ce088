import Foundation

/// Everything a renderer needs to draw a price chart, in pixels, and the bars behind it.
///
/// Produced by `ChartGeometry.layout()`; with no bars it is an explicit "no data" layout
/// (`isEmpty`), with a plot rectangle and nothing else.
public struct ChartLayout: Sendable {
    /// A rectangle in the chart's pixel space (y grows downwards, as in SVG).
    public struct Rect: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        /// The bottom edge.
        public var maxY: Double { y + height }
        /// The right edge.
        public var maxX: Double { x + width }
    }

    /// A point in pixels.
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double
    }

    /// A price-axis tick: its exact value, its text and its height.
    public struct YTick: Sendable, Equatable {
        public var value: ExactDecimal
        public var label: String
        public var y: Double
    }

    /// A time-axis tick at the first bar of a period, or at an hour of a session's axis.
    public struct XTick: Sendable, Equatable {
        /// Its position on the time axis: a bar's index, or a session's slot.
        public var index: Int
        public var label: String
        public var x: Double
        /// When the period it labels starts (a page writes the label in its reader's style).
        public var start: Date
    }

    /// The horizontal span that selects bar `index` under a crosshair.
    public struct HitRegion: Sendable, Equatable {
        public var index: Int
        public var minX: Double
        public var maxX: Double
    }

    /// The full size of the chart (the SVG's viewBox).
    public let width: Double
    public let height: Double
    public let style: ChartStyle
    /// The area inside the axes where bars are drawn.
    public let plot: Rect
    /// The bars, oldest first.
    public let bars: [Bar]
    /// The time axis (position -> x: a bar's index, or its slot of the session).
    public let xAxis: OrdinalAxis
    /// The price axis (value -> y); its domain is the first and last y tick.
    public let yScale: LinearScale
    /// The price ticks, lowest first; empty when there are no bars.
    public let yTicks: [YTick]
    /// The time labels, left to right, thinned so that they do not overlap.
    public let xTicks: [XTick]
    /// The rule the time labels follow.
    public let tickRule: TimeTickRule
    /// One point per bar at its OHLC average: the line, and where a crosshair rests.
    public let points: [Point]
    /// One candle per bar when `style` is `.candles`, else empty.
    public let candles: [Candle]
    /// The height of the previous close's line, when one was given.
    public let previousCloseY: Double?
    /// The previous close itself, for its label.
    public let previousClose: ExactDecimal?
    /// One region per bar, side by side across the plot.
    public let hitRegions: [HitRegion]

    /// True when there is nothing to draw: a renderer shows "No data".
    public var isEmpty: Bool { bars.isEmpty }
    /// Whether the bars are intraday (hours or days on the time axis).
    public var isIntraday: Bool { tickRule == .hours || tickRule == .days }
}

extension ChartLayout {
    /// The change over the range a chart shows: from the previous close when it has one (1D),
    /// else from its first bar's open, to its last bar's close.
    public struct RangeChange: Sendable, Equatable {
        public var amount: ExactDecimal
        /// `amount` as a percentage of where the range started, half-even to two places; nil
        /// when it started at zero.
        public var percent: ExactDecimal?
        /// Up when the range closed above where it started (the line is green), down when below.
        public var direction: Candle.Direction

        public init(amount: ExactDecimal, percent: ExactDecimal?, direction: Candle.Direction) {
            self.amount = amount
            self.percent = percent
            self.direction = direction
        }
    }

    /// The chart's story in one change (SPEC §13); nil with no bars.
    public var rangeChange: RangeChange? {
        guard let first = bars.first, let last = bars.last else { return nil }
        let base = previousClose ?? first.open
        let amount = last.close - base
        return RangeChange(
            amount: amount,
            percent: base.isZero ? nil : try? (amount * 100).divided(by: base, places: 2, .halfEven),
            direction: Candle.Direction(open: base, close: last.close))
    }
}
