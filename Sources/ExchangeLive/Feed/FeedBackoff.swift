/// Exponential backoff between reconnection attempts: `initial`, then × `factor` each failed
/// attempt in a row, never above `maximum`.
public struct FeedBackoff: Sendable, Equatable {
    public var initial: Duration
    public var factor: Double
    public var maximum: Duration

    public init(initial: Duration = .milliseconds(250), factor: Double = 2, maximum: Duration = .seconds(5)) {
        self.initial = initial
        self.factor = max(factor, 1)
        self.maximum = max(maximum, initial)
    }

    /// The wait before the `attempt`-th attempt in a row (1 for the first retry).
    public func delay(attempt: Int) -> Duration {
        var delay = initial
        for _ in 1..<max(attempt, 1) {
            delay = delay * factor
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}
