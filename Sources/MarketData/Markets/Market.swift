import BourseCore
import Foundation

/// What the screens, the API and the command line ask of the market: priced lists, one stock,
/// and its bars. It combines the provider (one request per page of tickers) with the pricer
/// (two requests for every list), so no screen ever costs a request per ticker.
public struct Market: Sendable {
    /// The simulated market or Massive (formerly Polygon.io).
    public let source: SourceKind
    private let provider: any MarketDataProvider
    let pricer: MarketPricer
    private let calendar: TradingCalendar
    /// Told of every pricing a list, a stock or a quote is made from (the price alerts).
    public let pricingObservers = PricingObservers()
    /// The market's clock: what "today" and "fresh" are measured on.
    public let now: @Sendable () -> Date
    /// How long a list or a stock waits for its prices before it answers with them pending
    /// (`"pending": true`; the page asks again). Nil: it waits for them (commands).
    public let pricingPatience: Duration?
    /// The most any one call waits for the source, all its requests together (`SourceDeadline`);
    /// nil: no limit. `bourse serve`: `BOURSE_SOURCE_DEADLINE`, 8 s.
    public let deadline: Duration?

    /// The largest page of tickers one call may ask for.
    public static let maxPageSize = 1000

    /// - Parameter snapshots: price lists from the whole market's snapshot when the source
    ///   allows it (Massive's paid tiers), else from grouped daily (`MarketPricer`).
    public init(
        source: SourceKind, provider: any MarketDataProvider, calendar: TradingCalendar = TradingCalendar(),
        snapshots: Bool = false, pricingPatience: Duration? = nil, deadline: Duration? = nil,
        now: @escaping @Sendable () -> Date
    ) {
        self.source = source
        self.provider = provider
        self.calendar = calendar
        self.now = now
        self.pricingPatience = pricingPatience
        self.deadline = deadline
        self.pricer = MarketPricer(provider: provider, calendar: calendar, snapshots: snapshots, now: now)
    }

    /// A page of tickers, each with its quote when it traded on the last day, or pending when
    /// the prices have not come within `pricingPatience`.
    public func tickers(limit: Int, cursor: String?) async throws(MarketDataError) -> PricedTickerPage {
        guard (1...Self.maxPageSize).contains(limit) else {
            throw .badRequest("limit must be between 1 and \(Self.maxPageSize), got \(limit)")
        }
        return try await withDeadline { () throws(MarketDataError) in
            let (page, priced) = try await withPricing({ await pricingResult(patience: pricingPatience) }) {
                () throws(MarketDataError) in try await provider.tickers(TickerQuery(cursor: cursor, limit: limit))
            }
            guard let priced else {
                let rows = page.value.tickers.map { PricedTicker(ticker: $0, quote: nil, pending: true) }
                return PricedTickerPage(
                    rows: rows, nextCursor: page.value.nextCursor, fetchedAt: page.fetchedAt, isStale: page.isStale)
            }
            let rows = page.value.tickers.map { PricedTicker(ticker: $0, quote: priced.value.quote(for: $0.symbol)) }
            return PricedTickerPage(
                rows: rows, nextCursor: page.value.nextCursor,
                fetchedAt: min(page.fetchedAt, priced.fetchedAt), isStale: page.isStale || priced.isStale)
        }
    }

    /// A page of `listings` (the whole market the app knows) in `order`, from `offset`: priced
    /// from the same whole-market answer as every list, so no request per row. A sort by price
    /// waits for the prices: when they have not come within `pricingPatience` it is on its way
    /// (`onItsWay`, ask again); a sort by symbol or name gives its rows pending.
    public func tickers(
        _ listings: [TickerSummary], order: TickerOrder, limit: Int, offset: Int
    ) async throws(MarketDataError) -> PricedTickerPage {
        guard (1...Self.maxPageSize).contains(limit) else {
            throw .badRequest("limit must be between 1 and \(Self.maxPageSize), got \(limit)")
        }
        guard (0...listings.count).contains(offset) else {
            throw .badRequest("cursor is not a page of this list; use the `next` value of a previous page")
        }
        return try await withDeadline { () throws(MarketDataError) in
            let priced = try await pricingResult(patience: pricingPatience).get()
            if priced == nil, order.key.needsPrices {
                throw .onItsWay(retryAfterSeconds: 5, reason: "sorting by price waits for the day's prices")
            }
            let rows = listings.map { ticker in
                PricedTicker(ticker: ticker, quote: priced?.value.quote(for: ticker.symbol), pending: priced == nil)
            }
            let end = min(offset + limit, rows.count)
            return PricedTickerPage(
                rows: Array(order.sorted(rows)[offset..<end]), nextCursor: end < rows.count ? String(end) : nil,
                fetchedAt: priced?.fetchedAt ?? now(), isStale: priced?.isStale ?? false)
        }
    }

    /// The last trading day's movers among the stocks `name` names (the listings), from the
    /// whole-market answer every list is priced from: no request of their own. When the prices
    /// have not come within `pricingPatience` they are on their way (`onItsWay`, ask again).
    public func movers(name: @Sendable (String) -> String?) async throws(MarketDataError) -> Fetched<MarketMovers> {
        try await withDeadline { () throws(MarketDataError) in
            guard let priced = try await pricingResult(patience: pricingPatience).get() else {
                throw .onItsWay(retryAfterSeconds: 5, reason: "the day's movers wait for the day's prices")
            }
            return Fetched(
                value: MarketMovers(pricing: priced.value, name: name), fetchedAt: priced.fetchedAt,
                isStale: priced.isStale)
        }
    }

    /// One page of the source's reference list (its largest), without prices: what the app
    /// reads to learn the listings newer than its shipped files. Background work: no person
    /// waits for it, so it has no deadline and waits for its turn in the rate limiter.
    public func referencePage(cursor: String?) async throws(MarketDataError) -> Fetched<TickerPage> {
        try await Self.waitingForTheSource { () throws(MarketDataError) in
            try await provider.tickers(TickerQuery(cursor: cursor, limit: Self.maxPageSize))
        }
    }

    /// `operation` with no deadline (`SourceDeadline.waitsForTheSource`): for work no person waits for.
    static func waitingForTheSource<Value: Sendable>(
        _ operation: () async throws(MarketDataError) -> Value
    ) async throws(MarketDataError) -> Value {
        let result: Result<Value, MarketDataError> = await SourceDeadline.$waitsForTheSource.withValue(true) {
            do throws(MarketDataError) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// One stock's reference data alone (one ticker-details request, cached a day), within the
    /// deadline: what the app asks before it calls a symbol outside its listings unknown.
    public func tickerDetails(_ symbol: String) async throws(MarketDataError) -> Fetched<TickerDetails> {
        try await withDeadline { () throws(MarketDataError) in try await provider.tickerDetails(symbol) }
    }

    /// The quotes of `symbols` (those that traded on the last day), from the same two
    /// grouped-daily answers as every list: no request per symbol, whatever the count. Waits
    /// for the prices (up to the deadline): for the app's own work and commands.
    public func quotes(for symbols: [String]) async throws(MarketDataError) -> Fetched<[String: Quote]> {
        let priced = try await pricedQuotes(for: symbols, pricingPatience: nil)
        return Fetched(value: priced.quotes, fetchedAt: priced.fetchedAt, isStale: priced.isStale)
    }

    /// The quotes of `symbols`, waiting for them as long as the source takes (no person's
    /// deadline): the app's own work that must not give up, such as the start-up's prices the
    /// simulated feed opens at (a busy machine computes the simulated market's day slowly).
    public func quotesWithoutDeadline(for symbols: [String]) async throws(MarketDataError) -> Fetched<[String: Quote]> {
        let pricing = try await Self.waitingForTheSource { () throws(MarketDataError) in
            try await pricer.currentPricing()
        }
        pricingObservers.notify(pricing.value)
        let quotes = pricing.value.quotes(for: symbols)
        return Fetched(
            value: Dictionary(quotes.map { ($0.symbol, $0) }, uniquingKeysWith: { first, _ in first }),
            fetchedAt: pricing.fetchedAt, isStale: pricing.isStale)
    }

    /// The quotes of `symbols`, or `pending` when the prices have not come within
    /// `pricingPatience` (the market's own when not given): for a page someone is looking at.
    public func pricedQuotes(for symbols: [String]) async throws(MarketDataError) -> PricedQuotes {
        try await pricedQuotes(for: symbols, pricingPatience: pricingPatience)
    }

    public func pricedQuotes(
        for symbols: [String], pricingPatience: Duration?
    ) async throws(MarketDataError) -> PricedQuotes {
        try await withDeadline { () throws(MarketDataError) in
            guard let pricing = try await pricingResult(patience: pricingPatience).get() else {
                return PricedQuotes(quotes: [:], pending: true, fetchedAt: now(), isStale: false)
            }
            let quotes = pricing.value.quotes(for: symbols)
            return PricedQuotes(
                quotes: Dictionary(quotes.map { ($0.symbol, $0) }, uniquingKeysWith: { first, _ in first }),
                pending: false, fetchedAt: pricing.fetchedAt, isStale: pricing.isStale)
        }
    }

    /// One stock: reference data, its quote and its key statistics (pending past the market's
    /// `pricingPatience`).
    public func stock(_ symbol: String) async throws(MarketDataError) -> StockOverview {
        try await stock(symbol, pricingPatience: pricingPatience)
    }

    /// One stock: reference data, its quote and its key statistics, each pending when it has not
    /// come within `pricingPatience` (nil: wait for them). The statistics cost no request of
    /// their own but the year of daily bars, the 1Y chart's own request (`statisticsYear`).
    public func stock(_ symbol: String, pricingPatience: Duration?) async throws(MarketDataError) -> StockOverview {
        let since = ChartRange.oneYear.window(endingOn: await chartDay(), calendar: calendar).from
        return try await withDeadline { () throws(MarketDataError) in
            let pricing = { @Sendable () async -> PricingResult in
                // On a key that may read snapshots, the stock's own snapshot.
                if let own = await pricer.snapshotPricing(of: symbol) { return .success(observed(own)) }
                return await pricingResult(patience: pricingPatience)
            }
            let year = Task { await statisticsYear(symbol, patience: pricingPatience) }
            let details: Fetched<TickerDetails>
            let priced: Fetched<ListPricing>?
            do throws(MarketDataError) {
                (details, priced) = try await withPricing(pricing) { () throws(MarketDataError) in
                    try await provider.tickerDetails(symbol)
                }
            } catch {
                year.cancel()
                throw error
            }
            let yearBars = await year.value
            let statistics = { (day: KeyStatistics.DayBar?, previousClose: ExactDecimal?) in
                KeyStatistics(
                    day: day, previousClose: previousClose, year: yearBars.bars?.value, since: since,
                    marketCap: details.value.marketCap)
            }
            guard let priced else {
                return StockOverview(
                    details: details.value, quote: nil, pending: true, fetchedAt: details.fetchedAt,
                    isStale: details.isStale || yearBars.isStale, statistics: statistics(nil, nil),
                    statisticsPending: true)
            }
            let quote = priced.value.quote(for: details.value.symbol)
            let day = priced.value.lastBar(for: details.value.symbol).map {
                KeyStatistics.DayBar(day: priced.value.lastDay, bar: $0)
            }
            return StockOverview(
                details: details.value, quote: quote, fetchedAt: min(details.fetchedAt, priced.fetchedAt),
                isStale: details.isStale || priced.isStale || yearBars.isStale, isClose: quote.map(isClose) ?? true,
                statistics: statistics(day, quote?.previousClose), statisticsPending: yearBars.isOnItsWay)
        }
    }

    /// Whether `quote` is its day's close: false while that day's session still trades (a
    /// snapshot's last trade).
    private func isClose(_ quote: Quote) -> Bool {
        guard let session = calendar.session(on: quote.asOf) else { return true }
        return now() >= session.close
    }

    /// A pricing, or nil when it has not come in time.
    private typealias PricingResult = Result<Fetched<ListPricing>?, MarketDataError>

    /// `request` with `pricing` asked for beside it (on the free tier both may wait): both
    /// answers, or the request's error, the pricing then being cancelled.
    private func withPricing<Value: Sendable>(
        _ pricing: @escaping @Sendable () async -> PricingResult,
        _ request: () async throws(MarketDataError) -> Value
    ) async throws(MarketDataError) -> (Value, Fetched<ListPricing>?) {
        let pricing = Task { await pricing() }
        let value: Value
        do throws(MarketDataError) {
            value = try await request()
        } catch {
            pricing.cancel()
            throw error
        }
        return (value, try await pricing.value.get())
    }

    /// The current pricing (its observers told); nil when it has not come within `patience`:
    /// the requests under it go on (shared with the next ask), and save what comes.
    private func pricingResult(patience: Duration?) async -> PricingResult {
        guard let patience else { return await pricing().map { $0 } }
        return await withTaskGroup(of: PricingResult?.self) { group in
            group.addTask { await pricing().map { $0 } }
            group.addTask {
                try? await Task.sleep(for: patience)
                return Task.isCancelled ? nil : .success(nil)
            }
            // The first to end wins; the other is cancelled (a cancelled wait for a shared
            // request stops at once, the request does not).
            while let next = await group.next() {
                guard let result = next else { continue }
                group.cancelAll()
                return result
            }
            return .success(nil)
        }
    }

    private func pricing() async -> Result<Fetched<ListPricing>, MarketDataError> {
        do throws(MarketDataError) {
            return .success(observed(try await pricer.currentPricing()))
        } catch {
            return .failure(error)
        }
    }

    /// `pricing`, once its observers (the alerts) are told of it.
    private func observed(_ pricing: Fetched<ListPricing>) -> Fetched<ListPricing> {
        pricingObservers.notify(pricing.value)
        return pricing
    }

    /// `operation` within this market's deadline (or the caller's, if earlier).
    private func withDeadline<Value: Sendable>(
        _ operation: () async throws(MarketDataError) -> Value
    ) async throws(MarketDataError) -> Value {
        try await SourceDeadline.within(deadline.map { now().addingTimeInterval(Self.seconds($0)) }, operation)
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        TimeInterval(duration.components.seconds) + TimeInterval(duration.components.attoseconds) / 1e18
    }

    /// The most calendar days of daily bars `dailyBars` asks for at once (ten years).
    public static let maxHistoryDays = 3650

    /// Daily bars over the last `days` calendar days up to the day the prices are of
    /// (`chartDay`), oldest first (30 days is the 1M chart's window).
    public func dailyBars(_ symbol: String, days: Int) async throws(MarketDataError) -> Fetched<[Bar]> {
        guard (1...Self.maxHistoryDays).contains(days) else {
            throw .badRequest("days must be between 1 and \(Self.maxHistoryDays), got \(days)")
        }
        let last = await chartDay()
        return try await withDeadline { () throws(MarketDataError) in
            try await provider.aggregates(
                AggregatesRequest(
                    symbol: symbol, multiplier: 1, timespan: .day, from: last.adding(days: -days), to: last))
        }
    }

    /// The last trading day the charts show: the day the prices are of, so that a chart never
    /// shows a day the headline's price is not of (SPEC §12, one price per stock per moment).
    /// Priced from snapshots (Massive's paid tiers: today's trades), today once its session has
    /// opened; priced from grouped daily (the free tier's end-of-day data, the simulated market),
    /// the last completed trading day.
    public func chartDay() async -> MarketDate {
        let now = now()
        if await pricer.usesSnapshots { return ChartRange.lastStartedDay(at: now, calendar: calendar) }
        return calendar.lastCompletedTradingDay(at: now)
    }

    /// The bars of one chart range, oldest first, ending on `chartDay()`.
    public func bars(_ symbol: String, range: ChartRange) async throws(MarketDataError) -> Fetched<[Bar]> {
        let window = range.window(endingOn: await chartDay(), calendar: calendar)
        guard let timespan = Timespan(rawValue: window.timespan) else {
            throw .badRequest("unsupported timespan \(window.timespan)")
        }
        return try await withDeadline { () throws(MarketDataError) in
            try await provider.aggregates(
                AggregatesRequest(
                    symbol: symbol, multiplier: window.multiplier, timespan: timespan, from: window.from,
                    to: window.to))
        }
    }
}

public struct PricedTicker: Sendable, Equatable {
    public var ticker: TickerSummary
    public var quote: Quote?
    /// The price has not come from the source yet (the free tier's rate limit): ask again.
    public var pending = false

    public init(ticker: TickerSummary, quote: Quote?, pending: Bool = false) {
        self.ticker = ticker
        self.quote = quote
        self.pending = pending
    }
}

/// Quotes for a page someone is looking at: pending while the prices are on their way.
public struct PricedQuotes: Sendable {
    /// The quotes of the symbols that traded on the last day; empty while `pending`.
    public var quotes: [String: Quote]
    public var pending: Bool
    public var fetchedAt: Date
    public var isStale: Bool
}

public struct PricedTickerPage: Sendable {
    public var rows: [PricedTicker]
    public var nextCursor: String?
    public var fetchedAt: Date
    public var isStale: Bool

    public init(rows: [PricedTicker], nextCursor: String?, fetchedAt: Date, isStale: Bool) {
        self.rows = rows
        self.nextCursor = nextCursor
        self.fetchedAt = fetchedAt
        self.isStale = isStale
    }
}

public struct StockOverview: Sendable {
    public var details: TickerDetails
    public var quote: Quote?
    /// The price has not come from the source yet: ask again.
    public var pending = false
    public var fetchedAt: Date
    public var isStale: Bool
    /// Whether the quote's price is its day's close; false while that day's session is still
    /// trading (the price is its last trade so far).
    public var isClose = true
    /// Its key statistics: those known now (`statisticsPending`: the others are on their way).
    public var statistics = KeyStatistics()
    /// Some statistic is on its way: the day's prices or the year's bars have not come yet.
    public var statisticsPending = false

    /// The exchange's name ("NASDAQ") where the MIC is one Bourse knows, else the MIC.
    public var exchangeName: String? {
        details.primaryExchange.map { Exchange(mic: $0)?.rawValue ?? $0 }
    }
}
