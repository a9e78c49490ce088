/// A stock's last price and its change over the last trading day.
public struct Quote: Sendable, Equatable, Codable {
    public var symbol: String
    /// The close of the last trading day.
    public var price: ExactDecimal
    /// The close of the trading day before, when the source had one.
    public var previousClose: ExactDecimal?
    /// `price - previousClose`.
    public var change: ExactDecimal?
    /// `change / previousClose * 100`, rounded half-even to two places.
    public var changePercent: ExactDecimal?
    /// The trading day `price` closed on.
    public var asOf: MarketDate

    public init(symbol: String, price: ExactDecimal, previousClose: ExactDecimal?, asOf: MarketDate) {
        self.symbol = symbol
        self.price = price
        self.previousClose = previousClose
        self.asOf = asOf
        if let previousClose {
            let change = price - previousClose
            self.change = change
            self.changePercent =
                previousClose.isZero
                ? nil
                : try? (change * 100).divided(by: previousClose, places: 2, .halfEven)
        }
    }
}
