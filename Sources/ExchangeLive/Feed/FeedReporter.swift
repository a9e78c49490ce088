import Exchange

/// Hands events on, and the state only when it changes.
struct FeedReporter {
    let onEvent: @Sendable (FeedEvent) async -> Void
    private(set) var state: FeedState?

    init(onEvent: @escaping @Sendable (FeedEvent) async -> Void) {
        self.onEvent = onEvent
    }

    mutating func report(state newState: FeedState) async {
        guard newState != state else { return }
        state = newState
        await onEvent(.state(newState))
    }

    func report(_ event: FeedEvent) async {
        await onEvent(event)
    }
}
