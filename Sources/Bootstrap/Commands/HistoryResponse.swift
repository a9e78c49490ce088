import BourseCore
import Foundation
import MarketData

/// `bourse history --json`: the daily bars with their OHLC averages (decimals as strings).
public struct HistoryResponse: Encodable, Sendable {
    struct Item: Encodable, Sendable {
        /// The trading day, in New York.
        let date: MarketDate
        let o: ExactDecimal
        let h: ExactDecimal
        let l: ExactDecimal
        let c: ExactDecimal
        let v: ExactDecimal
        /// (open + high + low + close) / 4, rounded half-even to 4 places.
        let avg: ExactDecimal
    }

    let symbol: String
    @ExplicitNull var name: String?
    @ExplicitNull var exchange: String?
    let days: Int
    let bars: [Item]
    let source: SourceKind
    let stale: Bool
    let fetchedAt: String

    init(symbol: String, listing: Listing?, days: Int, bars: Fetched<[Bar]>, source: SourceKind) {
        self.symbol = symbol
        name = listing?.name
        exchange = listing?.exchange.rawValue
        self.days = days
        self.bars = bars.value.map { bar in
            Item(
                date: NewYorkTime.marketDate(of: bar.start), o: bar.open, h: bar.high, l: bar.low, c: bar.close,
                v: bar.volume, avg: bar.ohlcAverage())
        }
        self.source = source
        stale = bars.isStale
        fetchedAt = Timestamp.iso8601(bars.fetchedAt)
    }
}
