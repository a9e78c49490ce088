/// A stock's typical price level, daily volatility and volume, measured from real prices.
///
/// The simulated market starts each symbol it knows here at this level and moves it with this
/// volatility; see `scripts/derive-price-levels.py` for how they were measured.
public struct PriceLevel: Sendable, Equatable, Hashable, Codable {
    public var symbol: String
    /// The last close in the source data.
    public var lastClose: ExactDecimal
    /// The standard deviation of daily log returns, e.g. 0.0123 for 1.23% a day.
    public var dailyVolatility: ExactDecimal
    /// The average daily volume, in shares.
    public var averageVolume: Int

    public init(symbol: String, lastClose: ExactDecimal, dailyVolatility: ExactDecimal, averageVolume: Int) {
        self.symbol = symbol
        self.lastClose = lastClose
        self.dailyVolatility = dailyVolatility
        self.averageVolume = averageVolume
    }
}
