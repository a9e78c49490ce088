import BourseCore
import Foundation
import MarketData
import MarketDataLive
import Testing

@Suite("Response caching and freshness")
struct ResponseCachingTests {
    static let day = MarketDate(year: 2024, month: 3, day: 5)!

    struct FreshnessCase: Sendable, CustomTestStringConvertible {
        var name: String
        var call: @Sendable (PolygonClient) async throws -> Void
        var key: String
        /// Seconds an answer stays fresh with `TestClient.freshness`.
        var lifetime: TimeInterval
        var testDescription: String { name }
    }

    static let cases: [FreshnessCase] = [
        FreshnessCase(
            name: "ticker details: a day", call: { _ = try await $0.tickerDetails("AAPL") },
            key: "/v3/reference/tickers/AAPL", lifetime: 86_400),
        FreshnessCase(
            name: "ticker list: a day", call: { _ = try await $0.tickers(TickerQuery(limit: 50, search: "app")) },
            key: "/v3/reference/tickers?active=true&limit=50&market=stocks&order=asc&search=app&sort=ticker",
            lifetime: 86_400),
        FreshnessCase(
            name: "daily bars: until the next close",
            call: {
                _ = try await $0.aggregates(
                    AggregatesRequest(symbol: "AAPL", multiplier: 1, timespan: .day, from: day.adding(days: -30), to: day))
            },
            key: "/v2/aggs/ticker/AAPL/range/1/day/2024-02-04/2024-03-05?adjusted=true&limit=50000&sort=asc",
            lifetime: 3_600),
        FreshnessCase(
            name: "grouped daily: until the next close", call: { _ = try await $0.groupedDaily(day) },
            key: "/v2/aggs/grouped/locale/us/market/stocks/2024-03-05?adjusted=true", lifetime: 3_600),
        FreshnessCase(
            name: "previous close: until the next close", call: { _ = try await $0.previousClose("AAPL") },
            key: "/v2/aggs/ticker/AAPL/prev?adjusted=true", lifetime: 3_600),
        FreshnessCase(
            name: "minute bars: a minute",
            call: {
                _ = try await $0.aggregates(
                    AggregatesRequest(symbol: "AAPL", multiplier: 5, timespan: .minute, from: day, to: day))
            },
            key: "/v2/aggs/ticker/AAPL/range/5/minute/2024-03-05/2024-03-05?adjusted=true&limit=50000&sort=asc",
            lifetime: 60),
    ]

    /// A body every endpoint reads: for lists, one result that is a ticker and a bar at once (an
    /// empty grouped day is fresh for 15 minutes only, `FreshnessPolicy.emptyDay`), and ticker
    /// details' fields for the details call.
    static let body = Array(#"{"status":"OK","results":{"ticker":"AAPL","name":"Apple Inc."}}"#.utf8)
    static let listBody = Array(
        #"{"status":"OK","results":[{"T":"AAPL","ticker":"AAPL","name":"Apple Inc.","o":1,"h":1,"l":1,"c":1,"v":1,"t":1}]}"#
            .utf8)

    @Test("A second call while fresh sends nothing; after the freshness ends it sends again", arguments: cases)
    func freshness(_ freshnessCase: FreshnessCase) async throws {
        let isDetails = freshnessCase.key == "/v3/reference/tickers/AAPL"
        let transport = ScriptedTransport(body: isDetails ? Self.body : Self.listBody)
        let test = TestClient(transport: transport)

        try await freshnessCase.call(test.client)
        let stored = try #require(test.cache.entries.first)
        test.now.advance(seconds: freshnessCase.lifetime - 1)
        try await freshnessCase.call(test.client)
        let callsWhileFresh = transport.calls.count
        test.now.advance(seconds: 1)
        try await freshnessCase.call(test.client)

        #expect(stored.key == freshnessCase.key)
        #expect(stored.freshUntil == stored.fetchedAt.addingTimeInterval(freshnessCase.lifetime))
        #expect(callsWhileFresh == 1)
        #expect(transport.calls.count == 2)
    }

    @Test("A cached answer keeps the time it was fetched")
    func cachedAnswerKeepsFetchedAt() async throws {
        let transport = ScriptedTransport(body: Self.listBody)
        let test = TestClient(transport: transport)
        let first = try await test.client.groupedDaily(Self.day)
        test.now.advance(seconds: 30)

        let second = try await test.client.groupedDaily(Self.day)

        #expect(second.fetchedAt == first.fetchedAt)
        #expect(second.isStale == false)
        #expect(transport.calls.count == 1)
    }

    @Test("The standard policy: a day, the injected next close, a minute")
    func standardPolicy() {
        let close = Date(timeIntervalSince1970: 1_000_000)
        let policy = FreshnessPolicy.standard(nextClose: { _ in close })
        let fetched = Date(timeIntervalSince1970: 500_000)

        #expect(policy.freshUntil(.referenceData, fetchedAt: fetched) == fetched.addingTimeInterval(86_400))
        #expect(policy.freshUntil(.dailyBars, fetchedAt: fetched) == close)
        #expect(policy.freshUntil(.intraday, fetchedAt: fetched) == fetched.addingTimeInterval(60))
    }
}
