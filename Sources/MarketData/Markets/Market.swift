import BourseCore
import Foundation

/// What the screens, the API and the command line ask of the market: priced lists, one stock,
/// and its bars. It combines the provider (one request per page of tickers) with the pricer
/// (two requests for every list), so no screen ever costs a request per ticker.
public struct Market: Sendable {
    /// The simulated market or Massive (formerly Polygon.io).
    public let source: SourceKind
    private let provider: any MarketDataProvider
    private let pricer: MarketPricer
    private let calendar: TradingCalendar
    /// Told of every pricing a list, a stock or a quote is made from (the price alerts).
    public let pricingObservers = PricingObservers()
    /// The market's clock: what "today" and "fresh" are measured on.
    public let now: @Sendable () -> Date

    /// The largest page of tickers one call may ask for.
    public static let maxPageSize = 1000

    public init(
        source: SourceKind, provider: any MarketDataProvider, calendar: TradingCalendar = TradingCalendar(),
        now: @escaping @Sendable () -> Date
    ) {
        self.source = source
        self.provider = provider
        self.calendar = calendar
        self.now = now
        self.pricer = MarketPricer(provider: provider, calendar: calendar, now: now)
    }

    /// A page of tickers, each with its quote when it traded on the last day.
    public func tickers(limit: Int, cursor: String?) async throws(MarketDataError) -> PricedTickerPage {
        guard (1...Self.maxPageSize).contains(limit) else {
            throw .badRequest("limit must be between 1 and \(Self.maxPageSize), got \(limit)")
        }
        let page = try await provider.tickers(TickerQuery(cursor: cursor, limit: limit))
        let pricing = try await pricer.currentPricing()
        pricingObservers.notify(pricing.value)
        let rows = page.value.tickers.map { PricedTicker(ticker: $0, quote: pricing.value.quote(for: $0.symbol)) }
        return PricedTickerPage(
            rows: rows, nextCursor: page.value.nextCursor,
            fetchedAt: min(page.fetchedAt, pricing.fetchedAt), isStale: page.isStale || pricing.isStale)
    }

    /// One page of the source's reference list (its largest), without prices: what the app
    /// reads to learn the listings newer than its shipped files.
    public func referencePage(cursor: String?) async throws(MarketDataError) -> Fetched<TickerPage> {
        try await provider.tickers(TickerQuery(cursor: cursor, limit: Self.maxPageSize))
    }

    /// The quotes of `symbols` (those that traded on the last day), from the same two
    /// grouped-daily answers as every list: no request per symbol, whatever the count.
    public func quotes(for symbols: [String]) async throws(MarketDataError) -> Fetched<[String: Quote]> {
        let pricing = try await pricer.currentPricing()
        pricingObservers.notify(pricing.value)
        let quotes = pricing.value.quotes(for: symbols)
        return Fetched(
            value: Dictionary(quotes.map { ($0.symbol, $0) }, uniquingKeysWith: { first, _ in first }),
            fetchedAt: pricing.fetchedAt, isStale: pricing.isStale)
    }

    /// One stock: reference data and its quote.
    public func stock(_ symbol: String) async throws(MarketDataError) -> StockOverview {
        let details = try await provider.tickerDetails(symbol)
        let pricing = try await pricer.currentPricing()
        pricingObservers.notify(pricing.value)
        return StockOverview(
            details: details.value, quote: pricing.value.quote(for: details.value.symbol),
            fetchedAt: min(details.fetchedAt, pricing.fetchedAt), isStale: details.isStale || pricing.isStale)
    }

    /// The most calendar days of daily bars `dailyBars` asks for at once (ten years).
    public static let maxHistoryDays = 3650

    /// Daily bars over the last `days` calendar days up to the most recent trading day that has
    /// started, oldest first (30 days is the 1M chart's window).
    public func dailyBars(_ symbol: String, days: Int) async throws(MarketDataError) -> Fetched<[Bar]> {
        guard (1...Self.maxHistoryDays).contains(days) else {
            throw .badRequest("days must be between 1 and \(Self.maxHistoryDays), got \(days)")
        }
        let last = ChartRange.oneMonth.window(at: now(), calendar: calendar).to
        return try await provider.aggregates(
            AggregatesRequest(
                symbol: symbol, multiplier: 1, timespan: .day, from: last.adding(days: -days), to: last))
    }

    /// The bars of one chart range, oldest first.
    public func bars(_ symbol: String, range: ChartRange) async throws(MarketDataError) -> Fetched<[Bar]> {
        let window = range.window(at: now(), calendar: calendar)
        guard let timespan = Timespan(rawValue: window.timespan) else {
            throw .badRequest("unsupported timespan \(window.timespan)")
        }
        return try await provider.aggregates(
            AggregatesRequest(
                symbol: symbol, multiplier: window.multiplier, timespan: timespan, from: window.from, to: window.to))
    }
}

public struct PricedTicker: Sendable, Equatable {
    public var ticker: TickerSummary
    public var quote: Quote?
}

public struct PricedTickerPage: Sendable {
    public var rows: [PricedTicker]
    public var nextCursor: String?
    public var fetchedAt: Date
    public var isStale: Bool
}

public struct StockOverview: Sendable {
    public var details: TickerDetails
    public var quote: Quote?
    public var fetchedAt: Date
    public var isStale: Bool

    /// The exchange's name ("NASDAQ") where the MIC is one Bourse knows, else the MIC.
    public var exchangeName: String? {
        details.primaryExchange.map { Exchange(mic: $0)?.rawValue ?? $0 }
    }
}
