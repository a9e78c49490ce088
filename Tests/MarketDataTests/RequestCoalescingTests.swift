import BourseCore
import Foundation
import Testing

@testable import MarketData
@testable import MarketDataLive

@Suite("Coalescing and the shared limiter in the client")
struct RequestCoalescingTests {
    static let body = Array(#"{"status":"OK","results":{"ticker":"AAPL","name":"Apple Inc."}}"#.utf8)

    @Test("K identical requests in flight share one network request and one answer", arguments: [2, 8])
    func identicalRequestsCoalesce(callers: Int) async throws {
        let transport = ScriptedTransport(body: Self.body)
        transport.hold()
        let limiterClock = ManualClock()
        let client = PolygonClient(
            configuration: PolygonConfiguration(apiKey: TestClient.apiKey, requestsPerMinute: 100),
            transport: transport, cache: NoCache(), clock: limiterClock)

        let answers = try await withThrowingTaskGroup(of: Fetched<TickerDetails>.self) { group in
            for _ in 0..<callers {
                group.addTask { try await client.tickerDetails("AAPL") }
            }
            await transport.waitForCalls(1)
            var yields = 0
            while await client.coalescer.joinCount < callers - 1, yields < 100_000 {
                await Task.yield()
                yields += 1
            }
            transport.release()
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(transport.calls.count == 1)
        #expect(answers.count == callers)
        #expect(Set(answers.map(\.fetchedAt)).count == 1)
        #expect(answers.allSatisfy { $0.value == answers[0].value && $0.value.name == "Apple Inc." })
        // Once finished, the answer is in the hot cache (fresh for a day): no second request.
        _ = try await client.tickerDetails("AAPL")
        #expect(transport.calls.count == 1)
        #expect(client.decoded.count == 1)
    }

    @Test("Different requests are not coalesced")
    func differentRequestsAreNot() async throws {
        let transport = ScriptedTransport(body: Self.body)
        let test = TestClient(transport: transport)

        async let first = test.client.tickerDetails("AAPL")
        async let second = test.client.tickerDetails("MSFT")
        _ = try await (first, second)

        #expect(transport.calls.count == 2)
    }

    @Test("Only network requests take a rate-limit slot: cache hits pass while a request waits")
    func cacheHitsDoNotCount() async throws {
        let transport = ScriptedTransport(body: Array(#"{"status":"OK","results":[]}"#.utf8))
        let clock = ManualClock()
        let test = TestClient(transport: transport, requestsPerMinute: 2, clock: clock)
        let days = (1...3).map { MarketDate(year: 2024, month: 3, day: $0)! }

        _ = try await test.client.groupedDaily(days[0])
        _ = try await test.client.groupedDaily(days[0])
        _ = try await test.client.groupedDaily(days[1])
        let third = Task { try await test.client.groupedDaily(days[2]) }
        await clock.waitForSleepers(1)
        let cachedWhileWaiting = try await test.client.groupedDaily(days[1])
        let callsBeforeTheWindowMoves = transport.calls.count
        clock.advance(by: .seconds(60))
        _ = try await third.value

        #expect(cachedWhileWaiting.value.isEmpty)
        #expect(callsBeforeTheWindowMoves == 2)
        #expect(clock.requestedSleeps == [.seconds(60)])
        #expect(test.events.all == [.waitedForRateLimit(.seconds(60))])
        #expect(transport.calls.count == 3)
    }
}
