import MarketData

/// Lets at most `limit` requests go in any window of `window` (a sliding log of send times), in
/// the order that serves people first and shares the source fairly.
///
/// One limiter is shared by every caller of a client. A caller that finds the window full joins
/// a queue; when a slot frees (on the injected clock) it goes to, in order:
/// 1. the highest priority waiting (`.interactive`, what a user is looking at, before
///    `.background` refreshes);
/// 2. among those, the client served least recently (round robin), so one client's burst
///    cannot starve another's page;
/// 3. that client's oldest request.
/// A client may have at most `maxWaitingPerClient` requests waiting; one more is refused at once
/// (`RateLimiterRefusal.overShare`). The app's own work (`SourceCaller.client == nil`) is not capped.
///
/// Background work never takes the last `reservedForPeople` slots of a window: on the free tier
/// (5 a minute) the reference-list refresh uses at most 3, so a person who opens a page finds a
/// slot free. A waiting background request that someone joins (`PriorityLift`) is served as theirs.
public actor SlidingWindowRateLimiter {
    /// The most sends allowed in any one window.
    public nonisolated let limit: Int
    /// The window's length (a minute for Polygon's "requests per minute").
    public nonisolated let window: Duration
    /// The most requests one client may have waiting at once: its fair share of the queue.
    public nonisolated let maxWaitingPerClient: Int
    /// The slots of a window only `.interactive` requests may take: 2, or fewer when `limit` is below 3.
    public nonisolated let reservedForPeople: Int
    private let clock: any SleepingClock
    /// Send times still inside the window, oldest first.
    private var sends: [Duration] = []
    private var waiters: [Waiter] = []
    private var nextID: UInt64 = 0
    /// The grant count when each client last got a slot (0: never, or long ago).
    private var lastServed: [String?: UInt64] = [:]
    private var grants: UInt64 = 0
    /// Sleeps until the oldest send leaves the window, then hands out the freed slots.
    private var timer: (at: Duration, task: Task<Void, Never>)?
    private var timerGeneration: UInt64 = 0

    private struct Waiter {
        let id: UInt64
        let caller: SourceCaller
        /// Raised when someone waiting for the same answer joins (`RequestCoalescer`).
        let lift: PriorityLift?
        let since: Duration
        let continuation: CheckedContinuation<Duration, any Error>

        var priority: SourceCaller.Priority { max(caller.priority, lift?.priority ?? caller.priority) }
    }

    /// A limiter of `limit` sends per `window`; a `limit` or share below 1 is taken as 1.
    public init(limit: Int, window: Duration = .seconds(60), maxWaitingPerClient: Int = 10, clock: any SleepingClock) {
        self.limit = max(1, limit)
        self.window = window
        self.maxWaitingPerClient = max(1, maxWaitingPerClient)
        self.reservedForPeople = min(2, self.limit - 1)
        self.clock = clock
    }

    /// Waits for a free slot and takes it for `caller`; returns how long it waited.
    @discardableResult
    public func acquire(for caller: SourceCaller = .current) async throws(RateLimiterRefusal) -> Duration {
        let start = clock.now()
        dropExpired(at: start)
        let lift = PriorityLift.current
        let priority = max(caller.priority, lift?.priority ?? caller.priority)
        if sends.count < capacity(for: priority), !waiters.contains(where: { $0.priority >= priority }) {
            take(at: start, for: caller)
            return .zero
        }
        if let client = caller.client, waiters.count(where: { $0.caller.client == client }) >= maxWaitingPerClient {
            throw .overShare(retryAfter: nextFree(at: start) - start)
        }
        guard !Task.isCancelled else { throw .cancelled }
        let id = nextID
        nextID += 1
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    waiters.append(
                        Waiter(id: id, caller: caller, lift: lift, since: start, continuation: continuation))
                    dispatch()
                }
            } onCancel: {
                Task { await self.cancel(id) }
            }
        } catch {
            throw .cancelled
        }
    }

    /// How many sends are inside the window at the clock's current time.
    public func sendsInWindow() -> Int {
        dropExpired(at: clock.now())
        return sends.count
    }

    /// How many requests are waiting for a slot.
    public func waiting() -> Int {
        waiters.count
    }

    /// Hands every free slot to the waiter next in order, then sleeps until the next slot frees.
    private func dispatch() {
        let now = clock.now()
        dropExpired(at: now)
        while let index = nextWaiterIndex(), sends.count < capacity(for: waiters[index].priority) {
            let waiter = waiters.remove(at: index)
            take(at: now, for: waiter.caller)
            waiter.continuation.resume(returning: now - waiter.since)
        }
        guard let next = nextWaiterIndex() else { return }
        let freeAt = nextFree(at: now, capacity: capacity(for: waiters[next].priority))
        // A timer already set for that time or sooner will do; a later one (set for a background
        // request, before someone's request joined the queue or lifted it) is replaced.
        if let timer, timer.at <= freeAt { return }
        timer?.task.cancel()
        timerGeneration += 1
        let generation = timerGeneration
        timer = (
            freeAt,
            Task { [clock, weak self] in
                try? await clock.sleep(until: freeAt)
                await self?.timerFired(generation)
            }
        )
    }

    /// Looks at the queue again: a waiting request's priority was lifted.
    func reconsider() {
        dispatch()
    }

    private func timerFired(_ generation: UInt64) {
        guard generation == timerGeneration else { return }
        timer = nil
        dispatch()
    }

    /// The highest priority first; then the client served least recently; then the oldest.
    private func nextWaiterIndex() -> Int? {
        guard let top = waiters.map(\.priority).max() else { return nil }
        var best: Int?
        for (index, waiter) in waiters.enumerated() where waiter.priority == top {
            guard let chosen = best else {
                best = index
                continue
            }
            if lastServed[waiter.caller.client, default: 0] < lastServed[waiters[chosen].caller.client, default: 0] {
                best = index
            }
        }
        return best
    }

    private func take(at now: Duration, for caller: SourceCaller) {
        sends.append(now)
        grants += 1
        lastServed[caller.client] = grants
        // Forget clients served long ago (they rank as never served), so the map stays small.
        if lastServed.count > 4096 {
            let recent = grants > 4096 ? grants - 4096 : 0
            lastServed = lastServed.filter { $0.value > recent }
        }
    }

    private func cancel(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// How many sends of a window a request of `priority` may find there and still go.
    private func capacity(for priority: SourceCaller.Priority) -> Int {
        priority == .interactive ? limit : limit - reservedForPeople
    }

    /// When the next slot of `capacity` is free: now, or when the send holding it leaves the window.
    private func nextFree(at now: Duration, capacity: Int? = nil) -> Duration {
        let capacity = capacity ?? limit
        return sends.count < capacity ? now : sends[sends.count - capacity] + window
    }

    private func dropExpired(at now: Duration) {
        // A send at t occupies [t, t + window): it has left once now >= t + window.
        let kept = sends.firstIndex { $0 + window > now } ?? sends.count
        if kept > 0 { sends.removeFirst(kept) }
    }
}

/// Why the limiter gave no slot.
public enum RateLimiterRefusal: Error, Equatable, Sendable {
    /// The waiting task was cancelled.
    case cancelled
    /// The caller's client already has its share of requests waiting; the next slot frees in
    /// `retryAfter`.
    case overShare(retryAfter: Duration)
}
