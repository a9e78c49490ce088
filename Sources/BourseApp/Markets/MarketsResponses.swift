import BourseCore
import Foundation
import Hummingbird
import MarketData

/// `GET /api/v1/tickers`: decimals as strings, missing values as `null`.
struct TickersResponse: ResponseEncodable {
    struct Row: Encodable {
        let symbol: String
        let name: String
        let price: ExactDecimal?
        let change: ExactDecimal?
        let changePercent: ExactDecimal?
        let asOf: MarketDate?

        enum CodingKeys: String, CodingKey { case symbol, name, price, change, changePercent, asOf }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(symbol, forKey: .symbol)
            try c.encode(name, forKey: .name)
            try c.encode(price, forKey: .price)
            try c.encode(change, forKey: .change)
            try c.encode(changePercent, forKey: .changePercent)
            try c.encode(asOf, forKey: .asOf)
        }
    }

    let results: [Row]
    let next: String?
    let source: String
    let stale: Bool
    let fetchedAt: String

    init(page: PricedTickerPage, source: String) {
        results = page.rows.map { row in
            Row(
                symbol: row.ticker.symbol, name: row.ticker.name, price: row.quote?.price,
                change: row.quote?.change, changePercent: row.quote?.changePercent, asOf: row.quote?.asOf)
        }
        next = page.nextCursor
        self.source = source
        stale = page.isStale
        fetchedAt = Timestamp.iso8601(page.fetchedAt)
    }

    enum CodingKeys: String, CodingKey { case results, next, source, stale, fetchedAt }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(results, forKey: .results)
        try c.encode(next, forKey: .next)
        try c.encode(source, forKey: .source)
        try c.encode(stale, forKey: .stale)
        try c.encode(fetchedAt, forKey: .fetchedAt)
    }
}

/// `GET /api/v1/stocks/{symbol}`.
public struct StockResponse: ResponseEncodable {
    let symbol: String
    let name: String
    let description: String?
    let exchange: String?
    let price: ExactDecimal?
    let change: ExactDecimal?
    let changePercent: ExactDecimal?
    let asOf: MarketDate?
    let source: String
    let stale: Bool
    let fetchedAt: String

    init(overview: StockOverview, source: String) {
        symbol = overview.details.symbol
        name = overview.details.name
        description = overview.details.description
        exchange = overview.exchangeName
        price = overview.quote?.price
        change = overview.quote?.change
        changePercent = overview.quote?.changePercent
        asOf = overview.quote?.asOf
        self.source = source
        stale = overview.isStale
        fetchedAt = Timestamp.iso8601(overview.fetchedAt)
    }

    enum CodingKeys: String, CodingKey {
        case symbol, name, description, exchange, price, change, changePercent, asOf, source, stale, fetchedAt
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(symbol, forKey: .symbol)
        try c.encode(name, forKey: .name)
        try c.encode(description, forKey: .description)
        try c.encode(exchange, forKey: .exchange)
        try c.encode(price, forKey: .price)
        try c.encode(change, forKey: .change)
        try c.encode(changePercent, forKey: .changePercent)
        try c.encode(asOf, forKey: .asOf)
        try c.encode(source, forKey: .source)
        try c.encode(stale, forKey: .stale)
        try c.encode(fetchedAt, forKey: .fetchedAt)
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
    let source: String
    let stale: Bool
    let fetchedAt: String

    init(symbol: String, range: ChartRange, bars: Fetched<[Bar]>, source: String) {
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
