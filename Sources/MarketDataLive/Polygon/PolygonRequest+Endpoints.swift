import BourseCore
import MarketData

/// The requests behind each `MarketDataProvider` method.
extension PolygonRequest {
    /// The first page of active US stocks, or the page a cursor names.
    static func tickers(_ query: TickerQuery) -> PolygonRequest {
        if let cursor = query.cursor {
            return PolygonRequest(
                path: "/v3/reference/tickers", query: [QueryItem(name: "cursor", value: cursor)],
                freshness: .referenceData)
        }
        var items = [
            QueryItem(name: "market", value: "stocks"),
            QueryItem(name: "active", value: "true"),
            QueryItem(name: "order", value: "asc"),
            QueryItem(name: "sort", value: "ticker"),
            QueryItem(name: "limit", value: String(query.limit)),
        ]
        if let search = query.search, !search.isEmpty {
            items.append(QueryItem(name: "search", value: search))
        }
        return PolygonRequest(path: "/v3/reference/tickers", query: items, freshness: .referenceData)
    }

    static func tickerDetails(_ symbol: String) -> PolygonRequest {
        PolygonRequest(
            path: "/v3/reference/tickers/" + segment(symbol), query: [], freshness: .referenceData,
            symbol: symbol)
    }

    static func aggregates(_ request: AggregatesRequest) -> PolygonRequest {
        let path = [
            "/v2/aggs/ticker", segment(request.symbol), "range", String(request.multiplier),
            request.timespan.rawValue, request.from.iso, request.to.iso,
        ].joined(separator: "/")
        let freshness: FreshnessClass
        switch request.timespan {
        case .minute, .hour: freshness = .intraday
        case .day, .week, .month: freshness = .dailyBars
        }
        return PolygonRequest(
            path: path,
            query: [
                QueryItem(name: "adjusted", value: "true"),
                QueryItem(name: "sort", value: "asc"),
                QueryItem(name: "limit", value: "50000"),
            ],
            freshness: freshness, symbol: request.symbol)
    }

    static func groupedDaily(_ date: MarketDate) -> PolygonRequest {
        var request = PolygonRequest(
            path: "/v2/aggs/grouped/locale/us/market/stocks/" + date.iso,
            query: [QueryItem(name: "adjusted", value: "true")], freshness: .dailyBars)
        request.emptyIsShortLived = true
        return request
    }

    static func previousClose(_ symbol: String) -> PolygonRequest {
        PolygonRequest(
            path: "/v2/aggs/ticker/" + segment(symbol) + "/prev",
            query: [QueryItem(name: "adjusted", value: "true")], freshness: .dailyBars, symbol: symbol)
    }

    /// Every stock's snapshot: it changes all day (intraday freshness), and it is large.
    static func snapshots() -> PolygonRequest {
        PolygonRequest(path: "/v2/snapshot/locale/us/markets/stocks/tickers", query: [], freshness: .intraday)
    }

    /// One stock's snapshot.
    static func snapshot(_ symbol: String) -> PolygonRequest {
        PolygonRequest(
            path: "/v2/snapshot/locale/us/markets/stocks/tickers/" + segment(symbol), query: [], freshness: .intraday,
            symbol: symbol)
    }
}
