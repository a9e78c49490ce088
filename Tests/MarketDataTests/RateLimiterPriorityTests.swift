import BourseCore
import Foundation
import Synchronization
import Testing

@testable import MarketData
@testable import MarketDataLive

/// The limiter's queue on a manual clock: people before refreshes, clients in turn, a cap on
/// each client's share, and cancellation.
@Suite("Rate limiter priorities and fairness")
struct RateLimiterPriorityTests {
    static let alice = SourceCaller(priority: .interactive, client: "192.0.2.1")
    static let bob = SourceCaller(priority: .interactive, client: "192.0.2.2")

    /// The order in which waiters got their slot.
    final class GrantLog: Sendable {
        private let names = Mutex<[String]>([])
        func append(_ name: String) { names.withLock { $0.append(name) } }
        var all: [String] { names.withLock { $0 } }
    }

    /// Returns once exactly `count` requests wait in the limiter (yields only: no real time passes).
    static func waitForWaiting(_ limiter: SlidingWindowRateLimiter, _ count: Int) async {
        var yields = 0
        while await limiter.waiting() != count, yields < 100_000 {
            await Task.yield()
            yields += 1
        }
        #expect(await limiter.waiting() == count)
    }

    /// Queues `caller` as `name`; the name goes in `log` when it gets its slot.
    static func queue(
        _ name: String, as caller: SourceCaller, on limiter: SlidingWindowRateLimiter, log: GrantLog
    ) -> Task<Duration, any Error> {
        Task {
            let waited = try await limiter.acquire(for: caller)
            log.append(name)
            return waited
        }
    }

    /// Queues each `(name, caller)` in turn behind a full window of one slot a minute, then moves
    /// the clock a minute at a time until every one has had its slot (their order is in `log`).
    static func queueInOrder(
        _ queued: [(String, SourceCaller)], on limiter: SlidingWindowRateLimiter, clock: ManualClock, log: GrantLog
    ) async throws {
        var tasks: [Task<Duration, any Error>] = []
        for (index, (name, caller)) in queued.enumerated() {
            tasks.append(queue(name, as: caller, on: limiter, log: log))
            await waitForWaiting(limiter, index + 1)
        }
        for round in 1...queued.count {
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(60))
            while log.all.count < round { await Task.yield() }
        }
        for task in tasks { _ = try await task.value }
    }

    @Test("What a person is waiting for goes before a background refresh queued earlier")
    func interactiveBeforeBackground() async throws {
        let clock = ManualClock()
        let limiter = SlidingWindowRateLimiter(limit: 1, clock: clock)
        let log = GrantLog()
        try await limiter.acquire(for: .background)  // t = 0: the window is full

        let refresh = Self.queue("refresh", as: .background, on: limiter, log: log)
        await Self.waitForWaiting(limiter, 1)
        let page = Self.queue("page", as: Self.alice, on: limiter, log: log)
        await Self.waitForWaiting(limiter, 2)

        clock.advance(by: .seconds(60))
        #expect(try await page.value == .seconds(60))
        #expect(log.all == ["page"])
        #expect(await limiter.waiting() == 1, "the refresh still waits")

        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(60))
        #expect(try await refresh.value == .seconds(120))
        #expect(log.all == ["page", "refresh"])
    }

    @Test("Clients take turns: one client's burst does not hold another's request behind it")
    func clientsTakeTurns() async throws {
        let clock = ManualClock()
        let limiter = SlidingWindowRateLimiter(limit: 1, clock: clock)
        let log = GrantLog()
        try await limiter.acquire(for: Self.alice)  // t = 0

        let queued = (1...4).map { ("alice\($0)", Self.alice) } + [("bob1", Self.bob)]
        try await Self.queueInOrder(queued, on: limiter, clock: clock, log: log)

        // Alice was served last (t = 0), so Bob goes first, then Alice's requests in order.
        #expect(log.all == ["bob1", "alice1", "alice2", "alice3", "alice4"])
    }

    @Test("Round robin among clients with requests waiting, oldest first within each")
    func roundRobin() async throws {
        let clock = ManualClock()
        let limiter = SlidingWindowRateLimiter(limit: 1, clock: clock)
        let log = GrantLog()
        try await limiter.acquire(for: .background)

        let queued = [("a1", Self.alice), ("a2", Self.alice), ("a3", Self.alice), ("b1", Self.bob), ("b2", Self.bob)]
        try await Self.queueInOrder(queued, on: limiter, clock: clock, log: log)

        #expect(log.all == ["a1", "b1", "a2", "b2", "a3"])
    }

    @Test("A client past its share of the queue is refused at once; others and the app are not")
    func shareIsCapped() async throws {
        let clock = ManualClock()
        let limiter = SlidingWindowRateLimiter(limit: 1, maxWaitingPerClient: 2, clock: clock)
        try await limiter.acquire(for: Self.alice)  // t = 0

        let first = Task { try await limiter.acquire(for: Self.alice) }
        await Self.waitForWaiting(limiter, 1)
        let second = Task { try await limiter.acquire(for: Self.alice) }
        await Self.waitForWaiting(limiter, 2)
        clock.advance(by: .seconds(15))

        await #expect(throws: RateLimiterRefusal.overShare(retryAfter: .seconds(45))) {
            try await limiter.acquire(for: Self.alice)
        }
        let bob = Task { try await limiter.acquire(for: Self.bob) }
        let app = Task { try await limiter.acquire(for: SourceCaller(priority: .interactive, client: nil)) }
        await Self.waitForWaiting(limiter, 4)

        for _ in 1...4 {
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(60))
        }
        for task in [first, second, bob, app] { _ = try await task.value }
        #expect(await limiter.waiting() == 0)
    }

    @Test("A cancelled waiter leaves the queue; the next one gets the slot")
    func cancelledWaiterLeaves() async throws {
        let clock = ManualClock()
        let limiter = SlidingWindowRateLimiter(limit: 1, clock: clock)
        let log = GrantLog()
        try await limiter.acquire()

        let cancelled = Self.queue("cancelled", as: Self.alice, on: limiter, log: log)
        await Self.waitForWaiting(limiter, 1)
        let next = Self.queue("next", as: Self.bob, on: limiter, log: log)
        await Self.waitForWaiting(limiter, 2)
        cancelled.cancel()
        await Self.waitForWaiting(limiter, 1)

        await #expect(throws: RateLimiterRefusal.cancelled) { try await cancelled.value }
        clock.advance(by: .seconds(60))
        #expect(try await next.value == .seconds(60))
        #expect(log.all == ["next"])
    }

    @Test("Through the client: past its share a client gets tooManyWaiting (a 429), not a wait")
    func clientPastItsShare() async throws {
        let transport = ScriptedTransport(body: Array(#"{"status":"OK","results":{"ticker":"AAPL","name":"Apple"}}"#.utf8))
        var configuration = PolygonConfiguration(apiKey: TestClient.apiKey, requestsPerMinute: 1)
        configuration.maxWaitingPerClient = 1
        let clock = ManualClock()
        let client = PolygonClient(configuration: configuration, transport: transport, cache: NoCache(), clock: clock)

        try await SourceCaller.$current.withValue(Self.alice) {
            _ = try await client.tickerDetails("AAPL")  // takes the minute's one slot
            let waiting = Task { try await client.tickerDetails("MSFT") }
            await Self.waitForWaiting(client.limiter, 1)
            await #expect(throws: MarketDataError.tooManyWaiting(retryAfterSeconds: 60)) {
                _ = try await client.tickerDetails("IBM")
            }
            await clock.waitForSleepers(1)
            clock.advance(by: .seconds(60))
            _ = try await waiting.value
        }
        #expect(transport.calls.count == 2, "the refused request cost nothing upstream")
    }
}
