import BourseCore
import Foundation
import Logging
import MarketData
import MarketDataLive
import Networking
import TestSupport
import Testing

/// A source that misbehaves fails well: a garbled 200 is a failure (the saved answer wins), a
/// source that never answers costs a caller at most the deadline, an answer that echoes the key
/// never carries it out, and an answer far too large is refused and never stored.
@Suite("A source that fails, failing well")
struct FailingWellTests {
    static let key = "sk_SECRET_0123456789"

    static func client(
        _ transport: ScriptedTransport, now: TestNow = TestNow(), cache: RecordingCache = RecordingCache(),
        deadline: Duration? = nil, maxAnswerBytes: Int = 4 << 20
    ) -> PolygonClient {
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        var configuration = PolygonConfiguration(
            baseURL: URL(string: "http://127.0.0.1:9")!, apiKey: key, requestsPerMinute: 1000,
            retry: RetryPolicy(maxAttempts: 2), deadline: deadline)
        configuration.maxAnswerBytes = maxAnswerBytes
        return PolygonClient(
            configuration: configuration, transport: transport, cache: cache, clock: ManualClock(autoAdvance: true),
            now: now.closure, freshness: FreshnessPolicy.standard(nextClose: { $0.addingTimeInterval(3600) }),
            logger: quiet)
    }

    static func answer(_ text: String) -> ScriptedTransport.Step {
        .respond(TransportResponse(status: 200, headers: ["content-type": "application/json"], body: Array(text.utf8)))
    }

    static func details(name: String) -> String {
        #"{"status":"OK","results":{"ticker":"AAPL","name":"\#(name)","market":"stocks","locale":"us","primary_exchange":"XNAS","active":true}}"#
    }

    @Test func aGarbled200ServesTheSavedAnswerStale() async throws {
        let now = TestNow()
        let transport = ScriptedTransport([
            Self.answer(Self.details(name: "Apple Inc.")), Self.answer("<html>502 Bad Gateway</html>"),
        ])
        let client = Self.client(transport, now: now)
        _ = try await client.tickerDetails("AAPL")
        now.advance(seconds: 40 * 24 * 3600)  // the saved answer has expired
        let again = try await client.tickerDetails("AAPL")
        #expect(again.isStale)
        #expect(again.value.name == "Apple Inc.")
    }

    @Test func aGarbled200WithNothingSavedIsAnError() async throws {
        let client = Self.client(ScriptedTransport([Self.answer(#"{"status":"OK","results":{"tick"#)]))
        await #expect(throws: MarketDataError.self) { _ = try await client.tickerDetails("AAPL") }
    }

    @Test(.hangLimit)
    func withNothingSavedACallerWaitsNoLongerThanTheDeadline() async throws {
        let transport = ScriptedTransport([Self.answer(Self.details(name: "Apple Inc."))])
        let cache = RecordingCache()
        let client = Self.client(transport, cache: cache, deadline: .seconds(2))
        transport.hold()
        let error = await #expect(throws: MarketDataError.self) { _ = try await client.tickerDetails("AAPL") }
        #expect(error == .onItsWay(retryAfterSeconds: 5, reason: "the source is slow: no answer within 2 s"))
        // The request goes on and fills the cache: the next ask is answered from it.
        transport.release()
        await cache.waitForStores(1)
        let later = try await client.tickerDetails("AAPL")
        #expect(later.value.name == "Apple Inc.")
        #expect(transport.calls.count == 1)
    }

    @Test func aKeyEchoedInTheFirstAnswerNeverLeavesTheClient() async throws {
        let client = Self.client(ScriptedTransport([Self.answer(Self.details(name: "Apple \(Self.key) Inc."))]))
        let details = try await client.tickerDetails("AAPL")
        #expect(!details.value.name.contains(Self.key))
    }

    @Test func anAnswerFarTooLargeIsRefusedAndNotStored() async throws {
        let cache = RecordingCache()
        let huge = Self.details(name: String(repeating: "A", count: 5_000))
        let client = Self.client(ScriptedTransport([Self.answer(huge)]), cache: cache, maxAnswerBytes: 1_000)
        let error = await #expect(throws: MarketDataError.self) { _ = try await client.tickerDetails("AAPL") }
        #expect(error.map { "\($0)" }?.contains("more than the 1000 allowed") == true)
        #expect(cache.storedKeys.isEmpty)
    }
}
