import BourseCore
import Foundation

/// A source of market data: the five Polygon REST endpoints Bourse uses, in domain types.
///
/// The live implementation is `PolygonClient`; it talks to the real Polygon API or to the
/// embedded simulated market with the same code. Every answer says when it was fetched and
/// whether it is stale (served from the cache because the source failed).
public protocol MarketDataProvider: Sendable {
    /// `GET /v3/reference/tickers`: one page of active US stocks, ordered by ticker.
    func tickers(_ query: TickerQuery) async throws(MarketDataError) -> Fetched<TickerPage>
    /// `GET /v3/reference/tickers/{ticker}`.
    func tickerDetails(_ symbol: String) async throws(MarketDataError) -> Fetched<TickerDetails>
    /// `GET /v2/aggs/ticker/{t}/range/{multiplier}/{timespan}/{from}/{to}`, all pages.
    func aggregates(_ request: AggregatesRequest) async throws(MarketDataError) -> Fetched<[Bar]>
    /// `GET /v2/aggs/grouped/locale/us/market/stocks/{date}`: every US stock's bar for one day,
    /// keyed by ticker; empty on days with no trading.
    func groupedDaily(_ date: MarketDate) async throws(MarketDataError) -> Fetched<[String: Bar]>
    /// `GET /v2/aggs/ticker/{t}/prev`: the previous trading day's bar, nil if there is none.
    func previousClose(_ symbol: String) async throws(MarketDataError) -> Fetched<Bar?>
    /// `GET /v2/snapshot/locale/us/markets/stocks/tickers`: every stock's day and day before in
    /// one answer (paid tiers); `.notAuthorized` where the key may not read snapshots.
    func snapshots() async throws(MarketDataError) -> Fetched<MarketSnapshot>
    /// `GET /v2/snapshot/locale/us/markets/stocks/tickers/{ticker}`: one stock's (paid tiers).
    func snapshot(_ symbol: String) async throws(MarketDataError) -> Fetched<MarketSnapshot>
}

/// A value with where it came from in time.
public struct Fetched<Value: Sendable>: Sendable {
    public var value: Value
    /// When the source produced this answer (for a cached answer, when it was first fetched).
    public var fetchedAt: Date
    /// True when the source failed and this is the last good answer from the cache.
    public var isStale: Bool

    public init(value: Value, fetchedAt: Date, isStale: Bool) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.isStale = isStale
    }

    public func map<T: Sendable>(_ transform: (Value) throws -> T) rethrows -> Fetched<T> {
        Fetched<T>(value: try transform(value), fetchedAt: fetchedAt, isStale: isStale)
    }
}

public struct TickerQuery: Sendable, Hashable {
    /// The opaque cursor from a previous page's `next`; when set, the other fields are ignored
    /// (the cursor carries them, as Polygon's `next_url` does).
    public var cursor: String?
    public var limit: Int
    /// Polygon's `search` parameter (matches ticker or name).
    public var search: String?

    public init(cursor: String? = nil, limit: Int = 100, search: String? = nil) {
        self.cursor = cursor
        self.limit = limit
        self.search = search
    }
}

public struct TickerPage: Sendable, Equatable {
    public var tickers: [TickerSummary]
    /// The cursor of the next page (taken from `next_url`), nil on the last page.
    public var nextCursor: String?

    public init(tickers: [TickerSummary], nextCursor: String?) {
        self.tickers = tickers
        self.nextCursor = nextCursor
    }
}

public struct TickerSummary: Sendable, Equatable {
    public var symbol: String
    public var name: String
    /// Polygon's `primary_exchange` MIC, e.g. `XNAS`; may be missing.
    public var primaryExchange: String?
    /// Polygon's `type`, e.g. `CS` (common stock) or `ETF`.
    public var type: String?

    public init(symbol: String, name: String, primaryExchange: String?, type: String?) {
        self.symbol = symbol
        self.name = name
        self.primaryExchange = primaryExchange
        self.type = type
    }

    /// A listing the app knows, as the source's reference list would give it.
    public init(_ listing: Listing) {
        self.init(
            symbol: listing.symbol, name: listing.name, primaryExchange: listing.exchange.mic,
            type: listing.isETF ? "ETF" : "CS")
    }
}

public struct TickerDetails: Sendable, Equatable {
    public var symbol: String
    public var name: String
    public var description: String?
    public var primaryExchange: String?
    public var homepageURL: String?
    public var listDate: String?
    public var totalEmployees: Int?
    /// `address.city` and `address.state`, joined ("CUPERTINO, CA").
    public var headquarters: String?
    public var sicDescription: String?
    /// `market_cap`, in dollars, when the source gives it (Massive does for most common stocks).
    public var marketCap: ExactDecimal?

    public init(
        symbol: String, name: String, description: String? = nil, primaryExchange: String? = nil,
        homepageURL: String? = nil, listDate: String? = nil, totalEmployees: Int? = nil,
        headquarters: String? = nil, sicDescription: String? = nil, marketCap: ExactDecimal? = nil
    ) {
        self.symbol = symbol
        self.name = name
        self.description = description
        self.primaryExchange = primaryExchange
        self.homepageURL = homepageURL
        self.listDate = listDate
        self.totalEmployees = totalEmployees
        self.headquarters = headquarters
        self.sicDescription = sicDescription
        self.marketCap = marketCap
    }
}

public enum Timespan: String, Sendable, Hashable, CaseIterable {
    case minute, hour, day, week, month
}

public struct AggregatesRequest: Sendable, Hashable {
    public var symbol: String
    public var multiplier: Int
    public var timespan: Timespan
    public var from: MarketDate
    public var to: MarketDate

    public init(symbol: String, multiplier: Int, timespan: Timespan, from: MarketDate, to: MarketDate) {
        self.symbol = symbol
        self.multiplier = multiplier
        self.timespan = timespan
        self.from = from
        self.to = to
    }
}
