import MarketData
import MarketDataLive
import Testing

@Suite("Sliding window rate limiter")
struct SlidingWindowRateLimiterTests {
    @Test("N sends go at once; send N+1 waits until the first leaves the window")
    func waitsForTheOldestSend() async throws {
        let clock = ManualClock()
        let limiter = SlidingWindowRateLimiter(limit: 3, clock: clock)

        for _ in 0..<3 {
            #expect(try await limiter.acquire() == .zero)
        }
        let fourth = Task { try await limiter.acquire() }
        await clock.waitForSleepers(1)

        #expect(clock.pendingDeadlines == [.seconds(60)])
        clock.advance(by: .seconds(59))
        #expect(clock.pendingDeadlines == [.seconds(60)])
        clock.advance(by: .seconds(1))
        #expect(try await fourth.value == .seconds(60))
        #expect(await limiter.sendsInWindow() == 1, "the three sends at 0 have left; the one at 60 has not")
    }

    @Test("The window slides: a slot frees when the oldest send in the window is a minute old")
    func windowSlides() async throws {
        let clock = ManualClock()
        let limiter = SlidingWindowRateLimiter(limit: 2, clock: clock)

        try await limiter.acquire()  // t = 0
        clock.advance(by: .seconds(10))
        try await limiter.acquire()  // t = 10
        clock.advance(by: .seconds(55))  // t = 65: the send at 0 has left, the one at 10 has not
        let third = try await limiter.acquire()
        let fourth = Task { try await limiter.acquire() }
        await clock.waitForSleepers(1)

        #expect(third == .zero)
        #expect(clock.pendingDeadlines == [.seconds(70)])
        clock.advance(by: .seconds(5))
        #expect(try await fourth.value == .seconds(5))
    }

    @Test("Never more than N sends in any 60-second window, however many callers")
    func manyCallersShareTheLimit() async throws {
        let clock = ManualClock()
        let limiter = SlidingWindowRateLimiter(limit: 5, clock: clock)

        let sendTimes = try await withThrowingTaskGroup(of: Duration.self) { group in
            for _ in 0..<12 {
                // Every caller asks at 0, so the wait `acquire` returns is its send time. (The
                // clock read after `acquire` returns could be a later minute's: a caller let go at
                // 60 may resume only after the test has moved the clock to 120.)
                group.addTask { try await limiter.acquire() }
            }
            // Seven wait in the limiter's queue, behind one timer for the oldest send.
            await RateLimiterPriorityTests.waitForWaiting(limiter, 7)
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(60))
            await RateLimiterPriorityTests.waitForWaiting(limiter, 2)
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(60))
            return try await group.reduce(into: []) { $0.append($1) }.sorted()
        }

        #expect(
            sendTimes == Array(repeating: .zero, count: 5) + Array(repeating: .seconds(60), count: 5)
                + Array(repeating: .seconds(120), count: 2))
        for start in sendTimes {
            #expect(sendTimes.filter { $0 >= start && $0 < start + .seconds(60) }.count <= 5)
        }
    }

    @Test("A limit below 1 is taken as 1")
    func limitIsAtLeastOne() {
        #expect(SlidingWindowRateLimiter(limit: 0, clock: ManualClock()).limit == 1)
    }
}
