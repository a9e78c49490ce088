import BourseCore
import Foundation
import TestSupport
import Testing

@testable import MarketData
@testable import MarketDataLive

@Suite("A cancelled caller stops waiting for a shared request")
struct RequestCoalescerCancellationTests {
    @Test(
        "Cancelled while the source holds the request: unavailable at once, and the request goes on for the others",
        .hangLimit)
    func cancelledCallerStopsWaiting() async throws {
        let transport = ScriptedTransport(body: RequestCoalescingTests.body)
        transport.hold()
        let client = PolygonClient(
            configuration: PolygonConfiguration(apiKey: TestClient.apiKey, requestsPerMinute: 100),
            transport: transport, cache: NoCache(), clock: ManualClock())
        let cancelled = Task { try await client.tickerDetails("AAPL") }
        let patient = Task { try await client.tickerDetails("AAPL") }
        await transport.waitForCalls(1)
        var yields = 0
        while await client.coalescer.joinCount < 1, yields < 100_000 {
            await Task.yield()
            yields += 1
        }

        // Before this fix the cancelled caller waited for the source (the test's time limit).
        cancelled.cancel()
        let outcome = await cancelled.result
        let callsWhenCancelled = transport.calls.count
        transport.release()
        let answer = try await patient.value

        let unavailable: Bool = {
            guard case .failure(let error as MarketDataError) = outcome, case .unavailable = error else { return false }
            return true
        }()
        #expect(unavailable, "expected `unavailable`, got \(outcome)")
        #expect(callsWhenCancelled == 1)
        #expect(answer.value.name == "Apple Inc.")
        #expect(transport.calls.count == 1)
        // The shared request is over: the next ask is answered from the hot cache, not sent again.
        _ = try await client.tickerDetails("AAPL")
        #expect(transport.calls.count == 1)
    }
}
