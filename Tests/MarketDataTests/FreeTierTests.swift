import BourseCore
import Foundation
import Networking
import TestSupport
import Testing

@testable import MarketData
@testable import MarketDataLive

/// Massive's free tier (5 requests a minute) seen by the client and the market: callers share
/// one fetch per URL and each waits only until its deadline, wherever the fetch waits; the
/// background leaves the last slots of a minute to people; a list answers with its prices
/// pending rather than late.
@Suite("The free tier: coalescing, deadlines, reserved slots, pending prices", .hangLimit)
struct FreeTierTests {
    static let details = Array(#"{"status":"OK","results":{"ticker":"AAPL","name":"Apple Inc."}}"#.utf8)
    static let person = SourceCaller(priority: .interactive, client: "192.0.2.7")

    /// Ticker details for `/v3/...`, an empty day for grouped daily.
    static func routed() -> RoutedTransport {
        RoutedTransport { url in
            TransportResponse(
                status: 200,
                body: url.path.hasPrefix("/v3/") ? details : Array(#"{"status":"OK","results":[]}"#.utf8))
        }
    }

    static func client(
        _ transport: any HTTPTransport, clock: ManualClock, requestsPerMinute: Int = 5, deadline: Duration? = nil
    ) -> PolygonClient {
        PolygonClient(
            configuration: PolygonConfiguration(
                apiKey: TestClient.apiKey, requestsPerMinute: requestsPerMinute, deadline: deadline),
            transport: transport, cache: RecordingCache(), clock: clock, freshness: TestClient.freshness)
    }

    @Test("20 callers past their deadline share one request; later callers join it; all get its answer")
    func twentyCallersOneRequest() async throws {
        let transport = ScriptedTransport(body: Self.details)
        transport.hold()
        let clock = ManualClock()
        let client = Self.client(transport, clock: clock, deadline: .seconds(8))

        let early = (0..<20).map { _ in Task { try await client.tickerDetails("AAPL") } }
        await transport.waitForCalls(1)
        while await client.coalescer.joinCount < 19 { try await Task.sleep(for: .milliseconds(2)) }
        await clock.waitForSleepers(20)
        clock.advance(by: .seconds(8))
        var pastDeadline = 0
        for task in early {
            do {
                _ = try await task.value
            } catch let error as MarketDataError {
                // Sent and not answered: on its way from a slow source, not a rate limit.
                if case .onItsWay(5, let reason) = error, reason.contains("no answer within 8 s") { pastDeadline += 1 }
            }
        }
        #expect(pastDeadline == 20, "every caller stopped waiting at its deadline")

        // The request is still on its way: new callers join it instead of sending it again.
        let late = (0..<5).map { _ in Task { try await client.tickerDetails("AAPL") } }
        while await client.coalescer.joinCount < 24 { try await Task.sleep(for: .milliseconds(2)) }
        transport.release()
        for task in late { #expect(try await task.value.value.name == "Apple Inc.") }
        #expect(transport.calls.count == 1, "one URL, one request, however many asked")
        // Fresh now: answered from memory.
        _ = try await client.tickerDetails("AAPL")
        #expect(transport.calls.count == 1)
    }

    @Test("A request queued in the limiter stops waiting at its deadline, and goes on to be saved")
    func deadlineWhileQueued() async throws {
        let transport = Self.routed()
        let clock = ManualClock()
        let client = Self.client(transport, clock: clock, requestsPerMinute: 1)
        _ = try await client.groupedDaily(MarketDate(year: 2026, month: 11, day: 20)!)  // the minute's one slot

        let deadline = Date().addingTimeInterval(2)
        let queued = Task {
            try await SourceDeadline.within(deadline) { try await client.tickerDetails("AAPL") }
        }
        // Two sleepers: the limiter's wait for the next slot and this caller's deadline.
        await clock.waitForSleepers(2)
        #expect(await client.limiter.waiting() == 1)
        clock.advance(by: .seconds(2))
        // On its way, waiting for the rate limit (one request ahead at 1 a minute: a minute).
        await #expect(throws: MarketDataError.onItsWay(retryAfterSeconds: 60, reason: "the source allows 1 request a minute")) {
            try await queued.value
        }
        #expect(transport.calls.count == 1, "not sent yet: still queued")

        clock.advance(by: .seconds(60))
        // Polls with a short sleep, not a yield: a test must not hold one of the two cores' threads.
        while client.decoded.count < 2 { try await Task.sleep(for: .milliseconds(2)) }
        #expect(try await client.tickerDetails("AAPL").value.name == "Apple Inc.")
        #expect(transport.calls.count == 2, "the queued request was sent once and its answer saved")
    }

    @Test("Past its deadline behind the free tier's minute, a request is on its way, in the tier's words")
    func onItsWayInTheFreeTiersWords() async throws {
        let transport = Self.routed()
        let clock = ManualClock()
        let client = Self.client(transport, clock: clock)
        for day in 16...20 { _ = try await client.groupedDaily(MarketDate(year: 2026, month: 11, day: day)!) }
        let queued = (0..<2).map { _ in
            Task { try await SourceDeadline.within(Date().addingTimeInterval(2)) { try await client.tickerDetails("MSFT") } }
        }
        while await client.limiter.waiting() < 1 { try await Task.sleep(for: .milliseconds(2)) }
        await clock.waitForSleepers(3)
        clock.advance(by: .seconds(2))
        for task in queued {
            await #expect(
                throws: MarketDataError.onItsWay(retryAfterSeconds: 24, reason: "Massive's free tier allows 5 requests a minute")
            ) { try await task.value }
        }
        #expect(transport.calls.count == 5)
    }

    @Test("Background work leaves the last 2 slots of a minute to people")
    func backgroundLeavesTwoSlots() async throws {
        let clock = ManualClock()
        let limiter = SlidingWindowRateLimiter(limit: 5, clock: clock)
        for _ in 0..<3 { try await limiter.acquire(for: .background) }
        let fourth = Task { try await limiter.acquire(for: .background) }
        await RateLimiterPriorityTests.waitForWaiting(limiter, 1)
        #expect(await limiter.sendsInWindow() == 3)
        // A person still gets a slot at once, twice.
        #expect(try await limiter.acquire(for: Self.person) == .zero)
        #expect(try await limiter.acquire(for: Self.person) == .zero)
        #expect(await limiter.waiting() == 1)
        clock.advance(by: .seconds(60))
        #expect(try await fourth.value == .seconds(60))
    }

    @Test("A person joining a background fetch queued in the limiter lifts it to their priority")
    func joiningLiftsPriority() async throws {
        let transport = Self.routed()
        let clock = ManualClock()
        let client = Self.client(transport, clock: clock)
        for day in 16...18 {
            _ = try await SourceCaller.$current.withValue(.background) {
                try await client.groupedDaily(MarketDate(year: 2026, month: 11, day: day)!)
            }
        }
        let background = Task {
            try await SourceCaller.$current.withValue(.background) { try await client.tickerDetails("AAPL") }
        }
        await RateLimiterPriorityTests.waitForWaiting(client.limiter, 1)
        #expect(transport.calls.count == 3, "the background has used its 3 slots of the minute")

        let person = try await SourceCaller.$current.withValue(Self.person) { try await client.tickerDetails("AAPL") }
        #expect(person.value.name == "Apple Inc.")
        #expect(try await background.value.value.name == "Apple Inc.")
        #expect(transport.calls.count == 4, "sent at once, as the person's request, and only once")
    }

    @Test("An empty day (its bars not published yet) is asked again after 15 minutes; a day with bars is not")
    func anEmptyDayIsShortLived() async throws {
        let transport = Self.routed()
        let now = TestNow()
        let client = PolygonClient(
            configuration: PolygonConfiguration(apiKey: TestClient.apiKey, requestsPerMinute: 1000),
            transport: transport, cache: RecordingCache(), clock: ManualClock(autoAdvance: true), now: now.closure,
            freshness: TestClient.freshness)
        let day = MarketDate(year: 2026, month: 11, day: 20)!
        _ = try await client.groupedDaily(day)
        now.advance(seconds: 14 * 60)
        #expect(try await client.groupedDaily(day).value.isEmpty)
        #expect(transport.calls.count == 1, "fresh for 15 minutes")
        now.advance(seconds: 2 * 60)
        _ = try await client.groupedDaily(day)
        #expect(transport.calls.count == 2, "asked again once the 15 minutes are over")
        _ = try await client.tickerDetails("AAPL")
        now.advance(seconds: 20 * 60)
        _ = try await client.tickerDetails("AAPL")
        #expect(transport.calls.count == 3, "other answers keep their own freshness")
    }

    @Test("A slot counts from the answer, not the grant: a source that counts arrivals never sees one too many")
    func aSlotCountsFromTheAnswer() async throws {
        let clock = ManualClock()
        let limiter = SlidingWindowRateLimiter(limit: 1, clock: clock)
        try await limiter.acquire(for: Self.person)
        clock.advance(by: .seconds(5))  // a slow connection: the answer comes 5 s after the grant
        await limiter.settle(grantedAt: .zero)
        let next = Task { try await limiter.acquire(for: Self.person) }
        await clock.waitForSleepers(1)
        #expect(clock.pendingDeadlines == [.seconds(65)], "a minute from the answer, not from the grant")
        clock.advance(by: .seconds(60))
        #expect(try await next.value == .seconds(60))
    }
}
