/// How a chart draws its bars.
public enum ChartStyle: String, Sendable, CaseIterable, Codable {
    /// One point per bar at the average of open, high, low and close, joined by a line.
    case line
    /// A candlestick per bar: a body from open to close and a wick from low to high.
    case candles
}
