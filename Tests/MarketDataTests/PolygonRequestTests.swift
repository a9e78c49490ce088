import BourseCore
import Foundation
import Testing

@testable import MarketData
@testable import MarketDataLive

@Suite("Polygon requests: URLs, cache keys, next_url")
struct PolygonRequestTests {
    @Test("The cache key is the path and the sorted query, and never holds the key")
    func cacheKeySortedWithoutKey() throws {
        let request = PolygonRequest.tickers(TickerQuery(limit: 10, search: "a b+c"))

        #expect(
            request.cacheKey == "/v3/reference/tickers?active=true&limit=10&market=stocks&order=asc&search=a%20b%2Bc&sort=ticker")
    }

    @Test("The key goes in the query or nowhere, depending on the placement", arguments: KeyPlacement.allCases)
    func urlCarriesTheKeyOnlyInQueryPlacement(placement: KeyPlacement) throws {
        let request = PolygonRequest.previousClose("BRK.A")
        let url = try #require(request.url(base: URL(string: "https://api.polygon.io/")!, apiKey: "k1", placement: placement))

        switch placement {
        case .queryParameter:
            #expect(url.absoluteString == "https://api.polygon.io/v2/aggs/ticker/BRK.A/prev?adjusted=true&apiKey=k1")
        case .bearerHeader: #expect(url.absoluteString == "https://api.polygon.io/v2/aggs/ticker/BRK.A/prev?adjusted=true")
        }
    }

    @Test("A base URL with a path prefix keeps it")
    func basePathPrefix() throws {
        let url = try #require(
            PolygonRequest.groupedDaily(MarketDate(year: 2024, month: 1, day: 2)!)
                .url(base: URL(string: "http://localhost:8080/polygon")!, apiKey: nil, placement: .queryParameter))

        #expect(
            url.absoluteString == "http://localhost:8080/polygon/v2/aggs/grouped/locale/us/market/stocks/2024-01-02?adjusted=true"
        )
    }

    @Test("next_url is followed on the configured host, with its cursor kept exactly and any key dropped")
    func nextURLRebased() throws {
        let next = try #require(
            PolygonRequest(
                nextURL:
                    "https://elsewhere.example/v2/aggs/ticker/AAPL/range/1/day/1578114000000/2020-01-10?cursor=ab%2Bc%2F%3D&apiKey=leak",
                base: URL(string: "http://127.0.0.1:9000")!, freshness: .dailyBars, symbol: "AAPL"))
        let url = try #require(next.url(base: URL(string: "http://127.0.0.1:9000")!, apiKey: "k", placement: .queryParameter))

        #expect(next.cacheKey == "/v2/aggs/ticker/AAPL/range/1/day/1578114000000/2020-01-10?cursor=ab%2Bc%2F%3D")
        #expect(
            url.absoluteString
                == "http://127.0.0.1:9000/v2/aggs/ticker/AAPL/range/1/day/1578114000000/2020-01-10?cursor=ab%2Bc%2F%3D&apiKey=k")
    }

    @Test("A cursor request asks for the cursor alone")
    func cursorRequest() {
        #expect(
            PolygonRequest.tickers(TickerQuery(cursor: "xyz", limit: 5, search: "ignored")).cacheKey
                == "/v3/reference/tickers?cursor=xyz")
    }

    @Test("Bad arguments are refused before any request", arguments: ["", "AA PL", "AAPL/../x", "A?apiKey=1"])
    func badSymbols(symbol: String) async {
        let transport = ScriptedTransport(body: [])
        let client = PolygonClient(configuration: PolygonConfiguration(), transport: transport, cache: NoCache())

        await #expect { try await client.previousClose(symbol) } throws: { error in
            guard case .badRequest = error as? MarketDataError else { return false }
            return true
        }
        #expect(transport.calls.isEmpty)
    }

    @Test("Exponential backoff doubles from the base and stops at the cap")
    func backoff() {
        let policy = RetryPolicy(baseBackoff: .seconds(1), maxBackoff: .seconds(5))

        #expect((1...5).map(policy.backoff(afterAttempt:)) == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
    }
}
