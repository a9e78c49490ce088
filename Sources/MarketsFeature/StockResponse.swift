import BourseCore
import Foundation
import MarketData

/// `GET /api/v1/stocks/{symbol}`, and `bourse quote --json`.
public struct StockResponse: Encodable, Sendable {
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
    }
}
