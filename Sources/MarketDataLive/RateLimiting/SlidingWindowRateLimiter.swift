import MarketData

/// Lets at most `limit` requests go in any window of `window` (a sliding log of send times).
///
/// One limiter is shared by every caller of a client. A caller that finds the window full
/// sleeps on the injected clock until the oldest send leaves the window, then checks again.
public actor SlidingWindowRateLimiter {
    /// The most sends allowed in any one window.
    public nonisolated let limit: Int
    /// The window's length (a minute for Polygon's "requests per minute").
    public nonisolated let window: Duration
    private let clock: any SleepingClock
    /// Send times still inside the window, oldest first.
    private var sends: [Duration] = []

    /// A limiter of `limit` sends per `window`; a `limit` below 1 is taken as 1.
    public init(limit: Int, window: Duration = .seconds(60), clock: any SleepingClock) {
        self.limit = max(1, limit)
        self.window = window
        self.clock = clock
    }

    /// Waits for a free slot and takes it; returns how long the caller waited.
    @discardableResult
    public func acquire() async throws(CancellationError) -> Duration {
        let start = clock.now()
        while true {
            let now = clock.now()
            dropExpired(at: now)
            if sends.count < limit {
                sends.append(now)
                return now - start
            }
            // The check and the append above run without a suspension in between, so the
            // limit holds however many callers wake at once; the losers loop and sleep again.
            let freeAt = sends[sends.count - limit] + window
            do {
                try await clock.sleep(until: freeAt)
            } catch {
                throw CancellationError()
            }
        }
    }

    /// How many sends are inside the window at the clock's current time.
    public func sendsInWindow() -> Int {
        dropExpired(at: clock.now())
        return sends.count
    }

    private func dropExpired(at now: Duration) {
        // A send at t occupies [t, t + window): it has left once now >= t + window.
        let kept = sends.firstIndex { $0 + window > now } ?? sends.count
        if kept > 0 { sends.removeFirst(kept) }
    }
}
