import BourseCore
import Foundation
import MarketData
import MarketDataLive
import Networking
import Testing

/// Error bodies, statuses, retries and the stale fallback, over real HTTP.
@Suite("Polygon client errors and retries (replay server)")
struct PolygonClientErrorTests {
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var fixture: String
        var status: Int
        var expected: MarketDataError
        var testDescription: String { "\(status) \(fixture)" }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(fixture: "errors/error_401_unknown_api_key.json", status: 401, expected: .notAuthorized("Unknown API Key")),
        ErrorCase(
            fixture: "errors/error_403_not_authorized_not_entitled.json", status: 403,
            expected: .notAuthorized("You are not entitled to this data. Please upgrade your plan at https://polygon.io/pricing")),
        ErrorCase(
            fixture: "errors/error_403_not_authorized_timeframe.json", status: 403,
            expected: .notAuthorized(
                "Your plan doesn't include this data timeframe. Please upgrade your plan at https://polygon.io/pricing")),
        ErrorCase(
            fixture: "errors/error_api_key_not_provided.json", status: 400, expected: .badRequest("API Key was not provided")),
        ErrorCase(
            fixture: "errors/error_api_key_not_provided.json", status: 401, expected: .notAuthorized("API Key was not provided")),
        ErrorCase(fixture: "errors/error_401_unknown_api_key.json", status: 404, expected: .unknownSymbol("AAPL")),
    ]

    @Test("Error bodies (`error` or `message`, with or without request_id) map to typed errors", arguments: errorCases)
    func errorBodies(_ errorCase: ErrorCase) async throws {
        try await ReplayServer.with { server in
            await server.script.on("/v2/aggs/ticker/AAPL/prev", try .fixture(errorCase.fixture, status: errorCase.status))
            let test = TestClient(baseURL: server.baseURL)

            await #expect(throws: errorCase.expected) { try await test.client.previousClose("AAPL") }
            #expect(await server.script.requests.count == 1, "a refusal is not retried")
        }
    }

    @Test("A body that is not JSON, or not the documented shape, is an invalid response")
    func invalidBodies() async throws {
        try await ReplayServer.with { server in
            await server.script.on("/v2/aggs/ticker/AAPL/prev", .json("<html>gateway</html>"))
            await server.script.on("/v3/reference/tickers/AAPL", .json(#"{"results":[1,2]}"#))
            await server.script.on(
                "/v2/aggs/grouped/locale/us/market/stocks/2024-01-02",
                .json(#"{"results":[{"T":"A","o":1,"h":1,"l":1,"c":"x","v":1,"t":1}]}"#))
            let test = TestClient(baseURL: server.baseURL)

            await #expect { try await test.client.previousClose("AAPL") } throws: { isInvalidResponse($0) }
            await #expect { try await test.client.tickerDetails("AAPL") } throws: { isInvalidResponse($0) }
            await #expect { try await test.client.groupedDaily(MarketDate(year: 2024, month: 1, day: 2)!) } throws: {
                isInvalidResponse($0)
            }
            #expect(test.cache.storedKeys.isEmpty, "an answer that cannot be read is not cached")
        }
    }

    @Test("429 then 200: waits the Retry-After seconds on the injected clock, then succeeds")
    func rateLimitedThenSuccess() async throws {
        try await ReplayServer.with { server in
            await server.script.on(
                "/v2/aggs/ticker/AAPL/prev",
                try .fixture("errors/error_429_rate_limit.json", status: 429, headers: ["Retry-After": "7"]),
                try .fixture("client-python-mocks/v2_aggs_ticker_AAPL_prev.json"))
            let test = TestClient(baseURL: server.baseURL)

            let bar = try await test.client.previousClose("AAPL").value

            #expect(bar?.close.description == "156.8")
            #expect(test.clock.requestedSleeps == [.seconds(7)])
            #expect(test.events.all == [.retrying(.rateLimited(retryAfterSeconds: 7), after: .seconds(7))])
            #expect(await server.script.requests.count == 2)
        }
    }

    @Test("429 without Retry-After backs off exponentially; still 429 gives rateLimited")
    func rateLimitedWithoutRetryAfter() async throws {
        try await ReplayServer.with { server in
            await server.script.on("/v2/aggs/ticker/AAPL/prev", try .fixture("errors/error_429_rate_limit.json", status: 429))
            let test = TestClient(baseURL: server.baseURL, retry: RetryPolicy(maxAttempts: 3, baseBackoff: .seconds(2)))

            await #expect(throws: MarketDataError.rateLimited(retryAfterSeconds: 8)) {
                try await test.client.previousClose("AAPL")
            }
            #expect(test.clock.requestedSleeps == [.seconds(2), .seconds(4)])
            #expect(await server.script.requests.count == 3)
        }
    }

    @Test("A Retry-After beyond the policy's longest wait gives up at once")
    func retryAfterTooLong() async throws {
        try await ReplayServer.with { server in
            await server.script.on(
                "/v2/aggs/ticker/AAPL/prev",
                try .fixture("errors/error_429_rate_limit.json", status: 429, headers: ["Retry-After": "120"]))
            let test = TestClient(baseURL: server.baseURL, retry: RetryPolicy(maxRateLimitWait: .seconds(60)))

            await #expect(throws: MarketDataError.rateLimited(retryAfterSeconds: 120)) {
                try await test.client.previousClose("AAPL")
            }
            #expect(test.clock.requestedSleeps.isEmpty)
            #expect(await server.script.requests.count == 1)
        }
    }

    @Test("500, 500, then 200: retried with backoff 1 s then 2 s")
    func serverErrorsThenSuccess() async throws {
        try await ReplayServer.with { server in
            let failure = ReplayAnswer.json(#"{"status":"ERROR","error":"Internal error"}"#, status: 500)
            await server.script.on(
                "/v3/reference/tickers/AAPL", failure, failure, try .fixture("openapi-examples/v3_reference_tickers_AAPL.json"))
            let test = TestClient(baseURL: server.baseURL)

            let details = try await test.client.tickerDetails("AAPL")

            #expect(details.value.name == "Apple Inc.")
            #expect(details.isStale == false)
            #expect(test.clock.requestedSleeps == [.seconds(1), .seconds(2)])
            #expect(await server.script.requests.count == 3)
        }
    }

    @Test("5xx after the answer went stale: the cached answer comes back marked stale")
    func serverErrorFallsBackToStaleCache() async throws {
        try await ReplayServer.with { server in
            await server.script.on(
                "/v3/reference/tickers/AAPL",
                try .fixture("client-python-mocks/v3_reference_tickers_AAPL.json"),
                .json(#"{"status":"ERROR","error":"upstream down"}"#, status: 503))
            let test = TestClient(baseURL: server.baseURL)
            let first = try await test.client.tickerDetails("AAPL")
            test.now.advance(seconds: 2 * 24 * 60 * 60)

            let second = try await test.client.tickerDetails("AAPL")

            #expect(first.isStale == false)
            #expect(second.isStale == true)
            #expect(second.value == first.value)
            #expect(second.fetchedAt == first.fetchedAt)
            #expect(test.events.all.last == .servedStale(.unavailable("HTTP 503: upstream down")))
            #expect(await server.script.requests.count == 1 + 3)
        }
    }

    @Test("5xx with nothing cached: unavailable, with the source's text")
    func serverErrorWithoutCache() async throws {
        try await ReplayServer.with { server in
            await server.script.on(
                "/v2/aggs/ticker/AAPL/prev", .json(#"{"status":"ERROR","message":"upstream down"}"#, status: 502))
            let test = TestClient(baseURL: server.baseURL, retry: RetryPolicy(maxAttempts: 2))

            await #expect(throws: MarketDataError.unavailable("HTTP 502: upstream down")) {
                try await test.client.previousClose("AAPL")
            }
        }
    }

    @Test("Network errors are retried with backoff, then unavailable, without the URL or key")
    func networkErrors() async throws {
        let transport = ScriptedTransport([.fail("connection reset by peer (apiKey=\(TestClient.apiKey))")])
        let test = TestClient(transport: transport)

        await #expect(throws: MarketDataError.unavailable("connection reset by peer (apiKey=REDACTED)")) {
            try await test.client.previousClose("AAPL")
        }
        #expect(transport.calls.count == 3)
        #expect(test.clock.requestedSleeps == [.seconds(1), .seconds(2)])
    }

    @Test("A network error then an answer: the answer is served")
    func networkErrorThenAnswer() async throws {
        let transport = ScriptedTransport([
            .fail("timed out"),
            .respond(TransportResponse(status: 200, body: try Fixture.bytes("openapi-examples/v2_aggs_ticker_AAPL_prev.json"))),
        ])
        let test = TestClient(transport: transport)

        let bar = try await test.client.previousClose("AAPL")

        #expect(bar.value?.close.description == "115.97")
        #expect(transport.calls.count == 2)
    }

    @Test("The live transport reports a refused connection as a TransportError")
    func liveTransportRefused() async throws {
        let portNumber = try await ReplayServer.with { server in server.baseURL.port }
        let port = try #require(portNumber)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/v2/aggs/ticker/AAPL/prev"))
        // AsyncHTTPClient keeps retrying a refused connect until the deadline, so keep it short.
        let transport = AsyncHTTPClientTransport(timeout: .milliseconds(300))

        await #expect(throws: TransportError.self) { try await transport.get(url, headers: [:]) }
    }

    private func isInvalidResponse(_ error: any Error) -> Bool {
        if case .invalidResponse = error as? MarketDataError { return true }
        return false
    }
}
