import BourseCore
import MarketData
import Testing

/// A provider for tests that must not reach the source: any call records a test failure.
struct FailingMarketDataProvider: MarketDataProvider {
    func fail(_ call: String) -> MarketDataError {
        // A read of what is saved (search's prices) reaches no source: there is just nothing saved.
        if SourceAccess.savedOnly { return .unavailable("nothing saved for \(call)") }
        Issue.record("the test did not expect a market-data request: \(call)")
        return .unavailable("unexpected call \(call)")
    }

    func tickers(_ query: TickerQuery) async throws(MarketDataError) -> Fetched<TickerPage> { throw fail("tickers") }
    func tickerDetails(_ symbol: String) async throws(MarketDataError) -> Fetched<TickerDetails> {
        throw fail("tickerDetails \(symbol)")
    }
    func aggregates(_ request: AggregatesRequest) async throws(MarketDataError) -> Fetched<[Bar]> { throw fail("aggregates") }
    func groupedDaily(_ date: MarketDate) async throws(MarketDataError) -> Fetched<[String: Bar]> { throw fail("groupedDaily") }
    func previousClose(_ symbol: String) async throws(MarketDataError) -> Fetched<Bar?> { throw fail("previousClose") }
}
