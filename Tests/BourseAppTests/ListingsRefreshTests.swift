import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MarketData
import Synchronization
import Testing

@testable import BourseApp
@testable import MarketsFeature

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
        /// The symbols whose details were asked for, in order.
        let detailsAsked = Mutex<[String]>([])

        /// ZAKJ is on NASDAQ (newer than the listings), OTCQX over the counter; NEWCO and DOWN
        /// cannot be had (the source is down for them); any other symbol is unknown to the source.
        func tickerDetails(_ symbol: String) async throws(MarketDataError) -> Fetched<TickerDetails> {
            detailsAsked.withLock { $0.append(symbol) }
            switch symbol {
            case "ZAKJ":
                return Fetched(
                    value: TickerDetails(symbol: "ZAKJ", name: "Zakj Therapeutics Inc.", primaryExchange: "XNAS"),
                    fetchedAt: Date(), isStale: false)
            case "OTCQX":
                return Fetched(
                    value: TickerDetails(symbol: "OTCQX", name: "Over The Counter Co", primaryExchange: "OTCM"),
                    fetchedAt: Date(), isStale: false)
            case "NEWCO", "DOWN": throw .unavailable("down")
            case "SLOW":  // a rate-limited source: the answer comes in 5 s
                try? await Task.sleep(for: .seconds(5))
                throw .unknownSymbol(symbol)
            default: throw .unknownSymbol(symbol)
            }
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
        let router = buildRouter(AppFeatures(market: market, search: search))
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

    @Test(
        "A symbol outside the listings is looked up once: learned when the source lists it on one of the three exchanges, else a 404 not asked again"
    )
    func symbolsOutsideTheListingsAreLookedUp() async throws {
        let provider = ReferenceList()
        let (_, search, market) = Self.refresh(provider)
        try await Application(router: buildRouter(AppFeatures(market: market, search: search))).test(.router) { client in
            #expect(try await client.execute(uri: "/stocks/ZAKJ", method: .get).status == .ok)
            #expect(await search.isListed("ZAKJ") == true, "learned: searchable and followable")
            #expect(try await search.search("zakj", limit: 5).map(\.symbol) == ["ZAKJ"])
            #expect(try await client.execute(uri: "/stocks/ZAKJ/sparkline.svg", method: .get).status != .notFound)
            for _ in 0..<2 {
                #expect(try await client.execute(uri: "/api/v1/stocks/ZZQX", method: .get).status == .notFound)
                #expect(try await client.execute(uri: "/stocks/ZZQX", method: .get).status == .notFound)
                #expect(try await client.execute(uri: "/stocks/ZZQX/chart.svg", method: .get).status == .notFound)
            }
            #expect(try await client.execute(uri: "/stocks/OTCQX", method: .get).status == .notFound)
            #expect(await search.isListed("OTCQX") == false)
            let down = try await client.execute(uri: "/stocks/DOWN", method: .get)
            #expect(down.status == .ok, "the source could not say: the page, whose data says what happened")
            // A page's shell waits a second at most for a slow lookup, then answers.
            let started = ContinuousClock.now
            let slow = try await client.execute(uri: "/stocks/SLOW", method: .get)
            #expect(slow.status == .ok)
            #expect(ContinuousClock.now - started < .seconds(4), "the shell did not wait for the source")
        }
        #expect(provider.detailsAsked.withLock { $0 } == ["ZAKJ", "ZZQX", "OTCQX", "DOWN", "SLOW"], "each asked once")
    }

    @Test("On the simulated market a symbol outside the listings is a 404 that costs no request")
    func simulatedMarketLooksNothingUp() async throws {
        let provider = ReferenceList()
        let search = ListingSearch(listings: { Self.shipped })
        let market = Market(source: .simulated, provider: provider, now: { Date() })
        try await Application(router: buildRouter(AppFeatures(market: market, search: search))).test(.router) { client in
            let page = try await client.execute(uri: "/stocks/ZAKJ", method: .get)
            let answer = try await client.execute(uri: "/api/v1/stocks/ZAKJ", method: .get)
            #expect(page.status == .notFound)
            #expect(answer.status == .notFound)
        }
        #expect(provider.detailsAsked.withLock { $0 }.isEmpty)
    }
}
