/// What the feed got wrong since start: gaps in `seq` and malformed messages. Counted as the feed
/// client reports them; nothing else depends on them, so they are not ordered with the trading.
public struct FeedStatistics: Sendable, Equatable {
    /// Gaps in `seq` seen since start.
    public private(set) var gaps = 0
    /// Malformed messages refused since start.
    public private(set) var malformedMessages = 0

    public init() {}

    /// Counts `event` if it is a gap or a malformed message.
    mutating func record(_ event: FeedEvent) {
        switch event {
        case .gap: gaps += 1
        case .malformed: malformedMessages += 1
        case .tick, .state: break
        }
    }
}
