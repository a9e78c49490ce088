import MarketData

/// Time as the rate limiter and the retry backoff see it, so that tests can move it by hand.
///
/// Instants are durations since an arbitrary origin fixed when the clock was made.
public protocol SleepingClock: Sendable {
    /// The time elapsed since the clock's origin; it never goes back.
    func now() -> Duration
    /// Returns once `now()` has reached `deadline`; throws `CancellationError` if the task is cancelled.
    func sleep(until deadline: Duration) async throws
}

extension SleepingClock {
    /// Sleeps for `duration` from now.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now() + duration)
    }
}

/// The real clock: `ContinuousClock`, measured from when this value was made.
public struct SystemSleepingClock: SleepingClock {
    private let origin: ContinuousClock.Instant

    public init() {
        origin = ContinuousClock.now
    }

    public func now() -> Duration {
        ContinuousClock.now - origin
    }

    public func sleep(until deadline: Duration) async throws {
        try await ContinuousClock().sleep(until: origin + deadline, tolerance: nil)
    }
}
