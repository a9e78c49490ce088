import Synchronization

/// What one provider connection has yet to handle, in arrival order: the client's messages,
/// the market's ticks and the login timer.
///
/// The market side is bounded like `FeedBroadcast`'s streams: past `buffer` pending ticks the
/// oldest is dropped, so a slow client misses ticks instead of holding back the others or
/// growing memory without end; the client's own messages are never dropped. A single loop
/// takes the items and writes the answers, so a subscription's acknowledgement always goes
/// before the data it turns on.
final class ProviderInbox: Sendable {
    enum Item: Sendable {
        case client(ProviderFrame)
        case market(MarketEvent)
        case authTimeout
    }

    private struct Pending {
        var items: [Item] = []
        var marketCount = 0
        var finished = false
    }

    let buffer: Int
    /// Yields whenever there is something to take (several posts may share one wake).
    let wakes: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private let pending = Mutex(Pending())

    init(buffer: Int) {
        self.buffer = max(buffer, 1)
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func post(_ item: Item) {
        let buffer = buffer
        let posted = pending.withLock { pending in
            guard !pending.finished else { return false }
            pending.items.append(item)
            guard case .market = item else { return true }
            pending.marketCount += 1
            if pending.marketCount > buffer,
                let oldest = pending.items.firstIndex(where: { if case .market = $0 { true } else { false } })
            {
                pending.items.remove(at: oldest)
                pending.marketCount -= 1
            }
            return true
        }
        if posted { wake.yield() }
    }

    /// Ends the connection: what is pending is dropped and nothing more is taken.
    func finish() {
        pending.withLock { $0.finished = true }
        wake.yield()
    }

    /// Everything pending, oldest first, and whether the connection was ended.
    func take() -> (items: [Item], finished: Bool) {
        pending.withLock { pending in
            guard !pending.finished else { return ([], true) }
            let items = pending.items
            pending.items = []
            pending.marketCount = 0
            return (items, false)
        }
    }
}
