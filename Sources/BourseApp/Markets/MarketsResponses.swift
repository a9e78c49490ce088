import BourseCore
import Foundation
import Hummingbird
import MarketData

/// `GET /api/v1/tickers`: decimals as strings, missing values as `null`.
struct TickersResponse: ResponseEncodable {
    struct Row: Encodable {
        let symbol: String
        let name: String
        @ExplicitNull var price: ExactDecimal?
        @ExplicitNull var change: ExactDecimal?
        @ExplicitNull var changePercent: ExactDecimal?
        @ExplicitNull var asOf: MarketDate?
        /// The price is on its way (the source's rate limit): the page asks again.
        let pending: Bool
    }

    let results: [Row]
    @ExplicitNull var next: String?
    let source: SourceKind
    let stale: Bool
    /// Some row's price is on its way.
    let pending: Bool
    let fetchedAt: String

    init(page: PricedTickerPage, source: SourceKind) {
        results = page.rows.map { row in
            Row(
                symbol: row.ticker.symbol, name: row.ticker.name, price: row.quote?.price,
                change: row.quote?.change, changePercent: row.quote?.changePercent, asOf: row.quote?.asOf,
                pending: row.pending)
        }
        pending = page.rows.contains(where: \.pending)
        next = page.nextCursor
        self.source = source
        stale = page.isStale
        fetchedAt = Timestamp.iso8601(page.fetchedAt)
    }
}

/// `GET /api/v1/stocks/{symbol}/bars`: `t` is the bar's start in ISO 8601 UTC.
struct BarsResponse: ResponseEncodable {
    struct Item: Encodable {
        let t: String
        let o: ExactDecimal
        let h: ExactDecimal
        let l: ExactDecimal
        let c: ExactDecimal
        let v: ExactDecimal
    }

    let symbol: String
    let range: String
    let bars: [Item]
    let source: SourceKind
    let stale: Bool
    let fetchedAt: String

    init(symbol: String, range: ChartRange, bars: Fetched<[Bar]>, source: SourceKind) {
        self.symbol = symbol
        self.range = range.rawValue
        self.bars = bars.value.map { bar in
            Item(t: Timestamp.iso8601(bar.start), o: bar.open, h: bar.high, l: bar.low, c: bar.close, v: bar.volume)
        }
        self.source = source
        stale = bars.isStale
        fetchedAt = Timestamp.iso8601(bars.fetchedAt)
    }
}

/// `GET /api/v1/movers`: the last trading day's top gainers, top losers and most active
/// stocks; decimals as strings, the volume a whole number of shares.
struct MoversResponse: ResponseEncodable {
    struct Row: Encodable {
        let symbol: String
        let name: String
        let price: ExactDecimal
        let change: ExactDecimal
        let changePercent: ExactDecimal
        let volume: Int64

        init(_ row: MarketMovers.Row) {
            symbol = row.symbol
            name = row.name
            price = row.price
            change = row.change
            changePercent = row.changePercent
            volume = Int64(row.volume.rounded(toPlaces: 0, .down).description) ?? 0
        }
    }

    let asOf: MarketDate
    let gainers: [Row]
    let losers: [Row]
    let active: [Row]
    let source: SourceKind
    let stale: Bool
    let fetchedAt: String

    init(movers: Fetched<MarketMovers>, source: SourceKind) {
        asOf = movers.value.asOf
        gainers = movers.value.gainers.map(Row.init)
        losers = movers.value.losers.map(Row.init)
        active = movers.value.active.map(Row.init)
        self.source = source
        stale = movers.isStale
        fetchedAt = Timestamp.iso8601(movers.fetchedAt)
    }
}
