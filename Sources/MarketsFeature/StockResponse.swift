import BourseCore
import Foundation
import MarketData

/// `GET /api/v1/stocks/{symbol}`, and `bourse quote --json`.
public struct StockResponse: Codable, Sendable {
    public let symbol: String
    public let name: String
    @ExplicitNull public var description: String?
    @ExplicitNull public var exchange: String?
    @ExplicitNull public var price: ExactDecimal?
    @ExplicitNull public var change: ExactDecimal?
    @ExplicitNull public var changePercent: ExactDecimal?
    @ExplicitNull public var asOf: MarketDate?
    /// The price is the close of `asOf`'s session; false while that session still trades.
    public let closed: Bool
    public let source: SourceKind
    public let stale: Bool
    /// The price is on its way (the source's rate limit): ask again.
    public let pending: Bool
    public let fetchedAt: String
    /// Its key statistics (SPEC §13).
    public let stats: Stats

    /// A stock's key statistics: decimals as strings, volumes whole shares, `null` for what the
    /// source has not given, or not yet (`pending`).
    public struct Stats: Codable, Sendable {
        @ExplicitNull public var previousClose: ExactDecimal?
        @ExplicitNull public var open: ExactDecimal?
        @ExplicitNull public var dayHigh: ExactDecimal?
        @ExplicitNull public var dayLow: ExactDecimal?
        @ExplicitNull public var volume: Int64?
        /// The mean of the last 30 trading days' volumes, rounded half-even to a whole share.
        @ExplicitNull public var averageVolume: Int64?
        @ExplicitNull public var week52High: ExactDecimal?
        @ExplicitNull public var week52Low: ExactDecimal?
        /// In dollars, as the source gave it.
        @ExplicitNull public var marketCap: ExactDecimal?
        /// Some statistic is on its way (the day's prices or the year's bars): ask again.
        public let pending: Bool

        public init(_ statistics: KeyStatistics, pending: Bool) {
            previousClose = statistics.previousClose
            open = statistics.open
            dayHigh = statistics.dayHigh
            dayLow = statistics.dayLow
            volume = statistics.volume.flatMap(Self.shares)
            averageVolume = statistics.averageVolume.flatMap(Self.shares)
            week52High = statistics.week52High
            week52Low = statistics.week52Low
            marketCap = statistics.marketCap
            self.pending = pending
        }

        /// A volume as whole shares (a fraction, which the source may send, dropped), as the
        /// movers give it.
        static func shares(_ volume: ExactDecimal) -> Int64? {
            Int64(volume.rounded(toPlaces: 0, .down).description)
        }
    }

    public init(overview: StockOverview, source: SourceKind) {
        symbol = overview.details.symbol
        name = overview.details.name
        description = overview.details.description
        exchange = overview.exchangeName
        price = overview.quote?.price
        change = overview.quote?.change
        changePercent = overview.quote?.changePercent
        asOf = overview.quote?.asOf
        closed = overview.isClose
        self.source = source
        stale = overview.isStale
        pending = overview.pending
        fetchedAt = Timestamp.iso8601(overview.fetchedAt)
        stats = Stats(overview.statistics, pending: overview.statisticsPending)
    }
}
