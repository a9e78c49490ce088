import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MarketData
import Synchronization
import Testing

@testable import BourseApp

/// With Polygon, listings newer than the shipped files come from the source's reference list,
/// read as background work; what is not on the three exchanges stays a 404.
@Suite("Listings refreshed from the reference list")
struct ListingsRefreshTests {
    static let shipped = [Listing(symbol: "AAPL", name: "Apple Inc.", exchange: .nasdaq, isETF: false)]

    /// Two pages of the reference list; records who asked for each.
    final class ReferenceList: MarketDataProvider {
        let callers = Mutex<[SourceCaller]>([])
        let failSecondPage: Bool

        init(failSecondPage: Bool = false) { self.failSecondPage = failSecondPage }

        func tickers(_ query: TickerQuery) async throws(MarketDataError) -> Fetched<TickerPage> {
            callers.withLock { $0.append(SourceCaller.current) }
            #expect(query.limit == 1000)
            if query.cursor == nil {
                return Fetched(
                    value: TickerPage(
                        tickers: [
                            TickerSummary(symbol: "AAPL", name: "Apple (the source's name)", primaryExchange: "XNAS", type: "CS"),
                            TickerSummary(symbol: "NEWCO", name: "Newco Holdings", primaryExchange: "XNYS", type: "CS"),
                            TickerSummary(symbol: "ABRpD", name: "Arbor pref D", primaryExchange: "XNYS", type: "PFD"),
                        ], nextCursor: "page2"),
                    fetchedAt: Date(), isStale: false)
            }
            if failSecondPage { throw .unavailable("down") }
            return Fetched(
                value: TickerPage(
                    tickers: [
                        TickerSummary(symbol: "OTCQX", name: "Over The Counter Co", primaryExchange: "OTCM", type: "CS"),
                        TickerSummary(symbol: "NEWETF", name: "Newest Fund ETF", primaryExchange: "XASE", type: "ETF"),
                    ], nextCursor: nil),
                fetchedAt: Date(), isStale: false)
        }
        func tickerDetails(_ symbol: String) async throws(MarketDataError) -> Fetched<TickerDetails> {
            throw .unavailable("not in this test")
        }
        func aggregates(_ request: AggregatesRequest) async throws(MarketDataError) -> Fetched<[Bar]> {
            throw .unavailable("not in this test")
        }
        func groupedDaily(_ date: MarketDate) async throws(MarketDataError) -> Fetched<[String: Bar]> {
            throw .unavailable("not in this test")
        }
        func previousClose(_ symbol: String) async throws(MarketDataError) -> Fetched<Bar?> {
            throw .unavailable("not in this test")
        }
    }

    static func refresh(_ provider: ReferenceList) -> (ListingsRefresh, ListingSearch, Market) {
        let search = ListingSearch(listings: { shipped })
        let market = Market(source: .polygon, provider: provider, now: { Date() })
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return (ListingsRefresh(market: market, search: search, logger: logger), search, market)
    }

    @Test("New symbols on NASDAQ, NYSE and NYSE American are listed and searchable; others are not")
    func addsTheThreeExchanges() async throws {
        let provider = ReferenceList()
        let (refresh, search, market) = Self.refresh(provider)
        #expect(await search.isListed("NEWCO") == false)

        let outcome = await refresh.run()

        #expect(outcome == ListingsRefresh.Outcome(pages: 2, tickersRead: 5, added: 2, complete: true))
        #expect(await search.isListed("NEWCO") == true)
        #expect(await search.isListed("NEWETF") == true)
        #expect(await search.isListed("OTCQX") == false, "not one of the three exchanges")
        #expect(await search.isListed("ABRPD") == false, "Polygon's lower-case suffixes are left out")
        #expect(await search.listing("AAPL")?.name == "Apple Inc.", "a shipped listing is kept as shipped")
        #expect(try await search.search("newco", limit: 5).map(\.symbol) == ["NEWCO"])
        #expect(await search.listing("NEWETF")?.isETF == true)
        // Every page was read as background work, behind what people wait for.
        #expect(provider.callers.withLock { $0 } == [.background, .background])

        // The route's 404 rule follows: the new symbol passes the listing check.
        let router = buildRouter(market: market, search: search)
        try await Application(router: router).test(.router) { client in
            let unknown = try await client.execute(uri: "/api/v1/stocks/OTCQX", method: .get)
            #expect(unknown.status == .notFound)
            let listed = try await client.execute(uri: "/api/v1/stocks/NEWCO", method: .get)
            #expect(listed.status == .serviceUnavailable, "listed, so it asks the source (down in this test)")
        }
    }

    @Test("A source failing part way keeps what was read; a second run adds nothing twice")
    func partialRefreshKeepsWhatItRead() async throws {
        let (refresh, search, _) = Self.refresh(ReferenceList(failSecondPage: true))

        let outcome = await refresh.run()

        #expect(outcome == ListingsRefresh.Outcome(pages: 1, tickersRead: 3, added: 1, complete: false))
        #expect(await search.isListed("NEWCO") == true)
        #expect(await search.isListed("NEWETF") == false)
        #expect(await refresh.run().added == 0)
        #expect(try await search.count() == 2)
    }
}
