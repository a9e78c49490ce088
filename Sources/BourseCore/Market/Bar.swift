import Foundation

/// One OHLCV aggregate bar: a day, or a span of minutes within a day.
public struct Bar: Sendable, Equatable, Codable {
    /// The start of the bar's window (Polygon's `t`, which is Unix milliseconds).
    public var start: Date
    public var open: ExactDecimal
    public var high: ExactDecimal
    public var low: ExactDecimal
    public var close: ExactDecimal
    /// Shares traded; Polygon sends it as a number that may carry a fraction.
    public var volume: ExactDecimal

    public init(
        start: Date, open: ExactDecimal, high: ExactDecimal, low: ExactDecimal,
        close: ExactDecimal, volume: ExactDecimal
    ) {
        self.start = start
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
    }

    /// The average of open, high, low and close, rounded half-even to `places` (the history line).
    public func ohlcAverage(places: Int = 4) -> ExactDecimal {
        let sum = open + high + low + close
        return (try? sum.divided(by: 4, places: places, .halfEven)) ?? close
    }
}
