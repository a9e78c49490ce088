import BourseCore
import Foundation
import Logging
import MarketData
import MarketDataLive
import Networking
import TestSupport
import Testing

/// A slow source never holds an answer that the cache can give: after the client's patience the
/// cached answer is served marked stale, and the slow request refreshes the cache when it lands.
@Suite("A slow source (stale while revalidate)")
struct SlowSourceTests {
    static func prev(close: String) -> TransportResponse {
        let body =
            #"{"ticker":"AAPL","status":"OK","resultsCount":1,"results":[{"T":"AAPL","o":1,"h":2,"l":0.5,"c":\#(close),"v":10,"t":1651003200000}]}"#
        return TransportResponse(status: 200, headers: ["content-type": "application/json"], body: Array(body.utf8))
    }

    static func client(_ transport: ScriptedTransport, now: TestNow, cache: RecordingCache, patience: Duration?) -> PolygonClient
    {
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        return PolygonClient(
            configuration: PolygonConfiguration(
                baseURL: URL(string: "http://127.0.0.1:9")!, requestsPerMinute: 1000, patience: patience),
            transport: transport, cache: cache, clock: ManualClock(autoAdvance: true), now: now.closure,
            freshness: FreshnessPolicy.standard(nextClose: { $0.addingTimeInterval(3600) }), logger: quiet)
    }

    @Test(.hangLimit)
    func anExpiredAnswerIsServedStaleAndTheSlowRequestRefreshesTheCache() async throws {
        let transport = ScriptedTransport([.respond(Self.prev(close: "156.80")), .respond(Self.prev(close: "160.25"))])
        let now = TestNow()
        let cache = RecordingCache()
        let client = Self.client(transport, now: now, cache: cache, patience: .seconds(1))
        let first = try await client.previousClose("AAPL")
        #expect(first.value?.close.description == "156.80" && !first.isStale)

        now.advance(seconds: 7200)  // the cached answer has expired
        transport.hold()  // and the source does not answer in time
        let second = try await client.previousClose("AAPL")

        #expect(second.isStale)
        #expect(second.value?.close.description == "156.80")
        // The refresh goes on behind the stale answer; it may reach the source a moment after.
        await transport.waitForCalls(2)
        #expect(transport.calls.count == 2)

        transport.release()  // the slow answer lands and is stored
        await cache.waitForStores(2)
        let third = try await client.previousClose("AAPL")
        #expect(third.value?.close.description == "160.25" && !third.isStale)
        #expect(transport.calls.count == 2)  // fresh from the cache: no third request
    }

    @Test func withoutACachedAnswerTheClientWaitsForTheSource() async throws {
        let transport = ScriptedTransport([.respond(Self.prev(close: "156.80"))])
        let client = Self.client(transport, now: TestNow(), cache: RecordingCache(), patience: .seconds(1))
        transport.hold()

        async let answer = client.previousClose("AAPL")
        await transport.waitForCalls(1)
        transport.release()

        let fetched = try await answer
        #expect(fetched.value?.close.description == "156.80" && !fetched.isStale)
    }
}
