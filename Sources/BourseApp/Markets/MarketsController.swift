import BourseCore
import Hummingbird
import MarketData
import MarketsFeature
import WatchlistFeature

/// The markets: the API (`/api/v1/tickers`, `/api/v1/movers`, `/api/v1/stocks/{symbol}`, `/api/v1/stocks/{symbol}/bars`)
/// and the screens (`/`, the list; `/stocks/{symbol}`, one stock).
///
/// The screens answer with their shell at once, without asking the market for anything; their
/// scripts (`markets.js`, `stock.js`) then load the data from the API. The market's source is
/// known without a request, so the "Simulated market" label is in the first paint.
struct MarketsController: FeatureController {
    typealias Context = AppRequestContext
    let market: Market
    /// The listings that decide whether `/stocks/{symbol}` is a stock (404 page when not).
    let listings: ListingSearch?
    /// Each person's stocks: the home screen (`/`) shows the request's account's once there is one.
    var watchlist: StoredWatchlist? = nil
    /// Whether a symbol is a stock: the listings, or on Massive one ticker-details request.
    let lookup: ListingLookup
    /// The lists and bars just sent, reused for a moment (the hot path), on the market's clock.
    let hot: EncodedAnswers

    init(market: Market, listings: ListingSearch?, watchlist: StoredWatchlist? = nil, lookup: ListingLookup? = nil) {
        self.market = market
        self.listings = listings
        self.watchlist = watchlist
        self.lookup = lookup ?? ListingLookup(listings: listings, market: market)
        hot = EncodedAnswers(now: market.now)
    }

    func addRoutes(to router: Router<Context>) {
        router.get("api/v1/tickers") { request, context in
            try await hot.response(for: "tickers?" + (request.uri.query ?? "")) { try await tickers(request, context: context) }
        }
        router.get("api/v1/movers") { _, _ in try await hot.response(for: "movers") { try await movers() } }
        router.get("api/v1/quotes") { request, _ in
            try await hot.response(for: "quotes?" + (request.uri.query ?? "")) { try await quotes(request) }
        }
        router.get("api/v1/stocks/:symbol", use: stock)
        router.get("api/v1/stocks/:symbol/bars") { request, context in
            let key = "bars/" + (context.parameters.get("symbol") ?? "") + "?" + (request.uri.query ?? "")
            return try await hot.response(for: key) { try await bars(request, context: context) }
        }
        router.get("/", use: home)
        router.get("markets", use: listPage)
        router.get("stocks/:symbol", use: stockPage)
    }

    /// `/`: the user's stocks once they follow one; before, the markets with a word on following.
    @Sendable func home(_ request: Request, context: Context) async throws -> HTMLPage {
        guard let watchlist else { return try await listPage(request, context: context) }
        if try await watchlist.symbols(of: context.account).isEmpty {
            return HTMLPage(html: MarketsListPage(sourceLabel: market.source.marketLabel, section: .myStocks).render())
        }
        return HTMLPage(html: MyStocksPage(sourceLabel: market.source.marketLabel).render())
    }

    @Sendable func listPage(_ request: Request, context: Context) async throws -> HTMLPage {
        HTMLPage(html: MarketsListPage(sourceLabel: market.source.marketLabel).render())
    }

    /// The stock's shell; 400 for text that is no symbol, 404 for a symbol that is not listed
    /// (`isListed`).
    @Sendable func stockPage(_ request: Request, context: Context) async throws -> HTMLPage {
        let text = context.parameters.get("symbol") ?? ""
        switch Symbol.normalized(text) {
        case .success(let symbol):
            // A second at most for a lookup: the shell answers at once (a phone's service worker
            // gives a page 3 s), and the page's data says 404 if the source does not know it.
            guard await lookup.isListed(symbol, patience: .seconds(1)) else {
                return HTMLPage(
                    status: .notFound, html: StockPage.unknownSymbol(symbol, sourceLabel: market.source.marketLabel).render())
            }
            return HTMLPage(html: StockPage(symbol: symbol, sourceLabel: market.source.marketLabel).render())
        case .failure(let error):
            return HTMLPage(
                status: .badRequest,
                html: StockPage.invalidSymbol(text, reason: error.reason, sourceLabel: market.source.marketLabel).render())
        }
    }

    /// The route's symbol when it is a listed stock: 400 for text that is no symbol, 404 for a
    /// symbol that is not listed (`ListingLookup`).
    static func listedSymbol(_ context: some RequestContext, in lookup: ListingLookup) async throws -> String {
        let symbol = try symbol(context)
        guard await lookup.isListed(symbol) else { throw MarketDataError.unknownSymbol(symbol) }
        return symbol
    }

    @Sendable func tickers(_ request: Request, context: Context) async throws -> TickersResponse {
        let limit = try request.integerQuery("limit", default: 50, in: 1...Market.maxPageSize)
        let cursor = request.textQuery("cursor")
        if let cursor, cursor.utf8.count > 2048 {
            throw APIError(.badRequest, "cursor is too long; use the `next` value of a previous page")
        }
        guard let order = try Self.tickerOrder(request) else {
            let page = try await market.tickers(limit: limit, cursor: cursor)
            return TickersResponse(page: page, source: market.source)
        }
        // Sorted: the whole market the app knows, paged by position in the order.
        guard let listings else { throw APIError(.serviceUnavailable, "the listings to sort are not loaded") }
        guard let offset = cursor.map({ Int($0) }) ?? 0 else {
            throw APIError(.badRequest, "cursor is not a page of this list; use the `next` value of a previous page")
        }
        let all = try await listings.allListings().map(TickerSummary.init)
        let page = try await market.tickers(all, order: order, limit: limit, offset: offset)
        return TickersResponse(page: page, source: market.source)
    }

    /// `sort=symbol|name|price|changePercent` and `order=asc|desc` (ascending by default); nil
    /// when neither is given (the source's own order).
    static func tickerOrder(_ request: Request) throws -> TickerOrder? {
        let sortText = request.textQuery("sort")
        let orderText = request.textQuery("order")
        guard sortText != nil || orderText != nil else { return nil }
        let keys = TickerOrder.Key.allCases.map(\.rawValue).joined(separator: ", ")
        guard let key = TickerOrder.Key(rawValue: sortText ?? TickerOrder.Key.symbol.rawValue) else {
            throw APIError(.badRequest, "sort must be one of \(keys), got \"\(sortText?.prefix(20) ?? "")\"")
        }
        switch orderText ?? "asc" {
        case "asc": return TickerOrder(key: key, ascending: true)
        case "desc": return TickerOrder(key: key, ascending: false)
        case let other: throw APIError(.badRequest, "order must be asc or desc, got \"\(other.prefix(20))\"")
        }
    }

    /// The last trading day's movers among the listings (SPEC §13), at no request of their own.
    @Sendable func movers() async throws -> MoversResponse {
        guard let listings else { throw APIError(.serviceUnavailable, "the listings are not loaded") }
        let names = try await listings.listingsBySymbol()
        let movers = try await market.movers { names[$0]?.name }
        return MoversResponse(movers: movers, source: market.source)
    }

    /// The most symbols `/api/v1/quotes` takes at once.
    static let maxQuoteSymbols = 50

    /// `GET /api/v1/quotes?symbols=SPY,QQQ`: the listed ones among `symbols` with their quotes, in
    /// the order asked, from the whole-market answer every list is priced from (no request per
    /// symbol); a symbol that is not listed is left out.
    @Sendable func quotes(_ request: Request) async throws -> TickersResponse {
        guard let text = request.textQuery("symbols") else {
            throw APIError(.badRequest, "symbols is required: a comma-separated list such as SPY,QQQ")
        }
        var symbols: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: true) {
            switch Symbol.normalized(String(part)) {
            case .success(let symbol): if !symbols.contains(symbol) { symbols.append(symbol) }
            case .failure(let error): throw APIError(.badRequest, error.description)
            }
        }
        guard (1...Self.maxQuoteSymbols).contains(symbols.count) else {
            throw APIError(.badRequest, "symbols must name 1 to \(Self.maxQuoteSymbols) stocks, got \(symbols.count)")
        }
        guard let listings else { throw APIError(.serviceUnavailable, "the listings are not loaded") }
        var tickers: [TickerSummary] = []
        for symbol in symbols {
            if let listing = await listings.listing(symbol) { tickers.append(TickerSummary(listing)) }
        }
        let priced = try await market.pricedQuotes(for: tickers.map(\.symbol))
        let rows = tickers.map { PricedTicker(ticker: $0, quote: priced.quotes[$0.symbol], pending: priced.pending) }
        return TickersResponse(
            page: PricedTickerPage(rows: rows, nextCursor: nil, fetchedAt: priced.fetchedAt, isStale: priced.isStale),
            source: market.source)
    }

    @Sendable func stock(_ request: Request, context: Context) async throws -> StockResponse {
        let symbol = try await Self.listedSymbol(context, in: lookup)
        let overview = try await market.stock(symbol)
        return StockResponse(overview: overview, source: market.source)
    }

    @Sendable func bars(_ request: Request, context: Context) async throws -> BarsResponse {
        let symbol = try await Self.listedSymbol(context, in: lookup)
        let rangeText = request.uri.queryParameters.get("range") ?? ChartRange.oneMonth.rawValue
        guard let range = ChartRange(rawValue: rangeText.uppercased()) else {
            let known = ChartRange.allCases.map(\.rawValue).joined(separator: ", ")
            throw APIError(.badRequest, "range must be one of \(known), got \"\(rangeText.prefix(20))\"")
        }
        let bars = try await market.bars(symbol, range: range)
        return BarsResponse(symbol: symbol, range: range, bars: bars, source: market.source)
    }

    static func symbol(_ context: some RequestContext) throws -> String {
        let text = context.parameters.get("symbol") ?? ""
        switch Symbol.normalized(text) {
        case .success(let symbol): return symbol
        case .failure(let error): throw APIError(.badRequest, error.description)
        }
    }
}
