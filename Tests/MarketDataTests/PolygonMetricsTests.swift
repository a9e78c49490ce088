import Foundation
import Logging
import MarketData
import MarketDataLive
import MetricsTestKit
import Networking
import TestSupport
import Testing

/// The Polygon client's metrics (docs/metrics.md): each request by endpoint and outcome, each
/// limiter wait, and each answer by where it came from.
@Suite("Polygon client metrics")
struct PolygonMetricsTests {
    static func client(_ transport: ScriptedTransport, now: TestNow, metrics: TestMetrics) -> PolygonClient {
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let configuration = PolygonConfiguration(
            baseURL: URL(string: "http://127.0.0.1:9")!, apiKey: "sk_test_0123456789", requestsPerMinute: 1000,
            retry: RetryPolicy(maxAttempts: 2))
        return PolygonClient(
            configuration: configuration, transport: transport, cache: RecordingCache(),
            clock: ManualClock(autoAdvance: true), now: now.closure,
            freshness: FreshnessPolicy.standard(nextClose: { $0.addingTimeInterval(3600) }), logger: quiet,
            metrics: metrics)
    }

    static func requests(_ metrics: TestMetrics, _ endpoint: String, _ outcome: String) -> Int64 {
        metrics.counterTotal(
            label: "bourse_upstream_requests_total",
            dimensions: [("source", "polygon"), ("endpoint", endpoint), ("outcome", outcome)])
    }

    static func answers(_ metrics: TestMetrics, _ result: String) -> Int64 {
        metrics.counterTotal(label: "bourse_upstream_cache_total", dimensions: [("source", "polygon"), ("result", result)])
    }

    static func status(_ code: Int, _ body: String = "{}") -> ScriptedTransport.Step {
        .respond(TransportResponse(status: code, headers: ["content-type": "application/json"], body: Array(body.utf8)))
    }

    @Test func aMissThenAHitThenAGarbledAnswerServedStale() async throws {
        let metrics = TestMetrics()
        let now = TestNow()
        let transport = ScriptedTransport([
            Self.status(200, FailingWellTests.details(name: "Apple Inc.")), Self.status(200, "<html>502</html>"),
        ])
        let client = Self.client(transport, now: now, metrics: metrics)

        _ = try await client.tickerDetails("AAPL")
        #expect(Self.answers(metrics, "miss") == 1)
        #expect(Self.requests(metrics, "ticker_details", "ok") == 1)

        _ = try await client.tickerDetails("AAPL")
        #expect(Self.answers(metrics, "hit") == 1)
        #expect(transport.calls.count == 1)

        now.advance(seconds: 40 * 24 * 3600)
        let stale = try await client.tickerDetails("AAPL")
        #expect(stale.isStale)
        #expect(Self.answers(metrics, "miss") == 2)
        #expect(Self.answers(metrics, "stale") == 1)
        #expect(Self.requests(metrics, "ticker_details", "invalid") == 1)
        // Every send waited for the limiter (here not at all) and was timed.
        #expect(try metrics.expectTimer("bourse_upstream_limiter_wait_seconds", [("source", "polygon")]).values.count == 2)
    }

    @Test func failuresAreCountedByOutcomeOncePerAttempt() async throws {
        let metrics = TestMetrics()
        let client = Self.client(
            ScriptedTransport([Self.status(500), .fail("connection refused"), Self.status(404)]), now: TestNow(),
            metrics: metrics)

        await #expect(throws: MarketDataError.self) { _ = try await client.previousClose("AAPL") }
        #expect(Self.requests(metrics, "previous_close", "server_error") == 1)
        #expect(Self.requests(metrics, "previous_close", "no_answer") == 1)

        await #expect(throws: MarketDataError.unknownSymbol("ZZZZ")) { _ = try await client.tickerDetails("ZZZZ") }
        #expect(Self.requests(metrics, "ticker_details", "refused") == 1)
        #expect(Self.answers(metrics, "stale") == 0)
    }

    @Test func aRateLimitedAnswerIsCountedAsSuch() async throws {
        let metrics = TestMetrics()
        let client = Self.client(
            ScriptedTransport([Self.status(429), Self.status(200, #"{"status":"OK","results":[],"count":0}"#)]),
            now: TestNow(), metrics: metrics)

        _ = try await client.tickers(TickerQuery(limit: 10))
        #expect(Self.requests(metrics, "tickers", "rate_limited") == 1)
        #expect(Self.requests(metrics, "tickers", "ok") == 1)
    }
}
