/// One candlestick in pixels: a wick from high to low and a body from open to close.
public struct Candle: Sendable, Equatable {
    /// Whether the bar closed above, below or at its open.
    public enum Direction: String, Sendable {
        case up, down, unchanged

        public init(open: ExactDecimal, close: ExactDecimal) {
            self = close > open ? .up : (close < open ? .down : .unchanged)
        }
    }

    public var index: Int
    /// The centre of the candle (and of its wick).
    public var x: Double
    /// The top of the body: the higher of open and close.
    public var bodyTop: Double
    /// The bottom of the body: the lower of open and close (equal to `bodyTop` for a doji).
    public var bodyBottom: Double
    /// The high.
    public var wickTop: Double
    /// The low.
    public var wickBottom: Double
    /// The body's width: 70% of the bar's band, at least 1 px.
    public var bodyWidth: Double
    public var direction: Direction

    /// The body's height to draw: at least 1 px, so that a doji shows as a line.
    public var drawnBodyHeight: Double { max(bodyBottom - bodyTop, 1) }
}
