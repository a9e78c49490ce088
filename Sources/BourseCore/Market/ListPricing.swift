/// Prices any number of stocks from two whole-market days of bars.
///
/// Polygon's grouped-daily endpoint returns every US stock's bar for one day, so a list of any
/// length costs two requests (the last trading day and the one before), never one per ticker.
public struct ListPricing: Sendable {
    public let lastDay: MarketDate
    public let previousDay: MarketDate
    private let last: [String: Bar]
    private let previous: [String: Bar]

    /// `last` and `previous` are the grouped bars of `lastDay` and `previousDay`, keyed by ticker.
    public init(lastDay: MarketDate, last: [String: Bar], previousDay: MarketDate, previous: [String: Bar]) {
        self.lastDay = lastDay
        self.previousDay = previousDay
        self.last = last
        self.previous = previous
    }

    /// The quote of `symbol`, or nil when it did not trade on the last day.
    public func quote(for symbol: String) -> Quote? {
        guard let bar = last[symbol] else { return nil }
        return Quote(symbol: symbol, price: bar.close, previousClose: previous[symbol]?.close, asOf: lastDay)
    }

    /// The bar of `symbol` on the last day (its open, high, low and volume), nil when it did not
    /// trade that day.
    public func lastBar(for symbol: String) -> Bar? {
        last[symbol]
    }

    /// Quotes for `symbols`, in order; symbols that did not trade are left out.
    public func quotes(for symbols: [String]) -> [Quote] {
        symbols.compactMap(quote(for:))
    }

    /// How many stocks traded on the last day.
    public var count: Int { last.count }

    /// Calls `body` with the quote and the day's volume of every stock that traded on the last
    /// day, in no particular order.
    public func forEachQuote(_ body: (_ quote: Quote, _ volume: ExactDecimal) throws -> Void) rethrows {
        for (symbol, bar) in last {
            try body(Quote(symbol: symbol, price: bar.close, previousClose: previous[symbol]?.close, asOf: lastDay), bar.volume)
        }
    }
}
