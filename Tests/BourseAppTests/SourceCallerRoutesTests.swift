import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import MarketData
import Synchronization
import Testing

@testable import BourseApp

/// Each request tells the market source who it is for: the client's address, and whether a
/// person is waiting (`SourceCaller`); a client past its share of the queue gets a 429.
@Suite("Who a source request is for")
struct SourceCallerRoutesTests {
    /// Records the caller of every request, then refuses it as the limiter refuses a client
    /// past its share.
    final class RecordingProvider: MarketDataProvider {
        let callers = Mutex<[SourceCaller]>([])

        func refuse() -> MarketDataError {
            callers.withLock { $0.append(SourceCaller.current) }
            return .tooManyWaiting(retryAfterSeconds: 7)
        }

        func tickers(_ query: TickerQuery) async throws(MarketDataError) -> Fetched<TickerPage> { throw refuse() }
        func tickerDetails(_ symbol: String) async throws(MarketDataError) -> Fetched<TickerDetails> { throw refuse() }
        func aggregates(_ request: AggregatesRequest) async throws(MarketDataError) -> Fetched<[Bar]> { throw refuse() }
        func groupedDaily(_ date: MarketDate) async throws(MarketDataError) -> Fetched<[String: Bar]> { throw refuse() }
        func previousClose(_ symbol: String) async throws(MarketDataError) -> Fetched<Bar?> { throw refuse() }
    }

    @Test("A request is interactive, from its client's address, and past its share is a 429 with Retry-After")
    func interactiveFromTheClientsAddress() async throws {
        let provider = RecordingProvider()
        let router = buildRouter(AppFeatures(market: Market(source: .simulated, provider: provider, now: { Date() })))
        try await Application(router: router).test(.live) { client in
            let response = try await client.execute(uri: "/api/v1/stocks/AAPL", method: .get)
            #expect(response.status == .tooManyRequests)
            #expect(response.headers[.retryAfter] == "7")
            #expect(String(buffer: response.body).contains("too many of your requests are waiting"))
        }
        let callers = provider.callers.withLock { $0 }
        #expect(!callers.isEmpty)
        #expect(callers.allSatisfy { $0 == SourceCaller(priority: .interactive, client: "127.0.0.1") })
    }

    @Test("A page's own refresh (Priority: u=6) goes as background; u=3 stays interactive")
    func priorityHeaderLowersOnly() async throws {
        let provider = RecordingProvider()
        let router = buildRouter(AppFeatures(market: Market(source: .simulated, provider: provider, now: { Date() })))
        try await Application(router: router).test(.live) { client in
            _ = try await client.execute(uri: "/api/v1/tickers?limit=5", method: .get, headers: [.priority: "u=6"])
        }
        let background = provider.callers.withLock { $0 }
        #expect(!background.isEmpty)
        #expect(background.allSatisfy { $0.priority == .background && $0.client == "127.0.0.1" })

        #expect(SourceCallerMiddleware.priority([.priority: "u=3, i"]) == .interactive)
        #expect(SourceCallerMiddleware.priority([.priority: "i, u=7"]) == .background)
        #expect(SourceCallerMiddleware.priority([.priority: "u=0"]) == .interactive)
        #expect(SourceCallerMiddleware.priority([.priority: "u=9"]) == .interactive, "out of range: ignored")
        #expect(SourceCallerMiddleware.priority([.priority: "garbage=="]) == .interactive)
        #expect(SourceCallerMiddleware.priority([:]) == .interactive)
    }
}
