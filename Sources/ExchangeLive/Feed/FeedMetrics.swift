import Metrics

/// What the feed does, as metrics (docs/metrics.md): its state now (`bourse_feed_state{state}`,
/// 1 for the current one, 0 for the others), and counters of ticks, gaps, malformed messages and
/// reconnects (each time the connection is lost and a new attempt is scheduled).
public struct FeedMetrics: Sendable {
    private static let states = ["connecting", "live", "stale", "reconnecting"]

    private let state: [String: Meter]
    private let ticks: Counter
    private let gaps: Counter
    private let malformed: Counter
    private let reconnects: Counter

    public init(factory: any MetricsFactory) {
        var state: [String: Meter] = [:]
        for name in Self.states {
            state[name] = Meter(label: "bourse_feed_state", dimensions: [("state", name)], factory: factory)
        }
        self.state = state
        ticks = Counter(label: "bourse_feed_ticks_total", factory: factory)
        gaps = Counter(label: "bourse_feed_gaps_total", factory: factory)
        malformed = Counter(label: "bourse_feed_malformed_messages_total", factory: factory)
        reconnects = Counter(label: "bourse_feed_reconnects_total", factory: factory)
        self.state["connecting"]?.set(1)
    }

    /// Counts `event`, or moves the state to it.
    public func record(_ event: FeedEvent) {
        switch event {
        case .tick: ticks.increment()
        case .gap: gaps.increment()
        case .malformed: malformed.increment()
        case .state(let now):
            if case .reconnecting = now { reconnects.increment() }
            for (name, meter) in state { meter.set(name == now.label ? 1 : 0) }
        }
    }
}
