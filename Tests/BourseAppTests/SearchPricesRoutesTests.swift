import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import MarketData
import MarketsFeature
import Synchronization
import TestSupport
import Testing

@testable import BourseApp

/// The saved last price and day change beside each search result (`/api/v1/search`, `/search`):
/// what the app has priced already, never a request to the source.
@Suite("Search results carry saved prices")
struct SearchPricesRoutesTests {
    static let search = ListingSearch()

    static func get(_ path: String, market: Market) async throws -> (status: HTTPResponse.Status, body: String) {
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        SearchController(search: search, market: market).addRoutes(to: router)
        return try await Application(router: router).test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in (response.status, String(buffer: response.body)) }
        }
    }

    static func results(_ body: String) throws -> [[String: Any]] {
        let object = try #require(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        return try #require(object["results"] as? [[String: Any]])
    }

    /// Over the real stack (the simulated market over loopback, the response cache in SQLite):
    /// nothing priced yet shows no price; once a list was priced, the same numbers as the list.
    @Test func theSuggestionsShowWhatTheMarketListPriced() async throws {
        let live = try await LiveMarket.start()

        let (status, before) = try await Self.get("/api/v1/search?q=nvda&limit=3", market: live.service)
        let quote = try #require(try await live.service.quotes(for: ["NVDA"]).value["NVDA"])
        let (_, after) = try await Self.get("/api/v1/search?q=nvda&limit=3", market: live.service)

        #expect(status == .ok)
        let unpriced = try #require(try Self.results(before).first)
        #expect(unpriced["symbol"] as? String == "NVDA")
        for key in ["price", "change", "changePercent", "asOf"] {
            #expect(unpriced[key] is NSNull, "\(key) is null, not missing, before anything was priced")
        }
        let priced = try #require(try Self.results(after).first)
        #expect(priced["symbol"] as? String == "NVDA")
        #expect(priced["price"] as? String == quote.price.description)
        #expect(priced["change"] as? String == quote.change?.description)
        #expect(priced["changePercent"] as? String == quote.changePercent?.description)
        #expect(priced["asOf"] as? String == quote.asOf.description)
    }

    /// After a restart nothing is in memory: the saved answers price the suggestions, with the
    /// source gone.
    @Test func afterARestartTheSavedAnswersPriceThem() async throws {
        let live = try await LiveMarket.start()
        let quote = try #require(try await live.service.quotes(for: ["MSFT"]).value["MSFT"])
        let restarted = try live.restartedService()
        await live.stopSource()

        let (status, body) = try await Self.get("/api/v1/search?q=msft&limit=2", market: restarted)

        #expect(status == .ok)
        let first = try #require(try Self.results(body).first)
        #expect(first["symbol"] as? String == "MSFT")
        #expect(first["price"] as? String == quote.price.description)
    }

    /// Searching never asks the source: the counting provider sees no request from it, only the
    /// saved-only reads, before and after the market was priced.
    @Test func searchingNeverAsksTheSource() async throws {
        let provider = CountingProvider()
        let market = Market(source: .simulated, provider: provider, now: { LiveMarket.fridayEvening })

        let (_, before) = try await Self.get("/api/v1/search?q=aapl&limit=5", market: market)
        let requestsBefore = provider.sourceRequests
        _ = try await market.quotes(for: ["AAPL"])
        let requestsAfterPricing = provider.sourceRequests
        let (_, after) = try await Self.get("/api/v1/search?q=aapl&limit=5", market: market)
        let (_, page) = try await Self.get("/search?q=aapl", market: market)

        #expect(requestsBefore == 0, "a search before any pricing asked the source")
        #expect(provider.sourceRequests == requestsAfterPricing, "a search after the pricing asked the source")
        #expect(try Self.results(before).first?["price"] is NSNull)
        let first = try #require(try Self.results(after).first)
        #expect(first["symbol"] as? String == "AAPL")
        #expect(first["price"] as? String == "190.5")
        #expect(first["change"] as? String == "2.5")
        #expect(first["changePercent"] as? String == "1.33")
        #expect(page.contains(#"<span class="price">190.50</span><span class="change up">+2.50 (+1.33\#u{00A0}%)</span>"#))
    }

    @Test func aStockWithoutASavedPriceShowsNone() async throws {
        let provider = CountingProvider()
        let market = Market(source: .simulated, provider: provider, now: { LiveMarket.fridayEvening })
        _ = try await market.quotes(for: ["AAPL"])

        let (_, body) = try await Self.get("/api/v1/search?q=msft&limit=1", market: market)
        let (_, page) = try await Self.get("/search?q=msft", market: market)

        let first = try #require(try Self.results(body).first)
        #expect(first["symbol"] as? String == "MSFT")
        #expect(first["price"] is NSNull)
        #expect(page.contains(#"<span class="price none"><span class="visually-hidden">No saved price</span></span>"#))
        #expect(!page.contains("Loading"))
    }
}

/// Grouped daily for every day: AAPL closed at 190.5 on Friday 2026-11-20, at 188 on the days before. It counts the requests that
/// would reach the source, and honours `SourceAccess.savedOnly` as the live client does: it has
/// nothing saved, so a saved-only read finds nothing.
final class CountingProvider: MarketDataProvider {
    private let requests = Mutex(0)
    private let priced = Mutex(Set<MarketDate>())

    var sourceRequests: Int { requests.withLock { $0 } }

    func groupedDaily(_ date: MarketDate) async throws(MarketDataError) -> Fetched<[String: Bar]> {
        if SourceAccess.savedOnly {
            guard priced.withLock({ $0.contains(date) }) else { throw .unavailable("nothing saved for \(date)") }
        } else {
            requests.withLock { $0 += 1 }
            priced.withLock { _ = $0.insert(date) }
        }
        let close: ExactDecimal = date == MarketDate(iso: "2026-11-20")! ? "190.5" : 188
        let bar = Bar(
            start: NewYorkTime.date(of: date, hour: 9, minute: 30), open: close, high: close, low: close, close: close,
            volume: 1000)
        return Fetched(value: ["AAPL": bar], fetchedAt: LiveMarket.fridayEvening, isStale: false)
    }

    func tickers(_ query: TickerQuery) async throws(MarketDataError) -> Fetched<TickerPage> { throw unexpected() }
    func tickerDetails(_ symbol: String) async throws(MarketDataError) -> Fetched<TickerDetails> { throw unexpected() }
    func aggregates(_ request: AggregatesRequest) async throws(MarketDataError) -> Fetched<[Bar]> { throw unexpected() }
    func previousClose(_ symbol: String) async throws(MarketDataError) -> Fetched<Bar?> { throw unexpected() }

    private func unexpected() -> MarketDataError {
        Issue.record("search asked the provider for more than grouped daily")
        return .unavailable("unexpected")
    }
}
