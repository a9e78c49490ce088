import BourseCore
import Foundation

/// The stand-in's shared market and its subscribers, behind one lock.
///
/// Each connection has its own `AsyncStream` with a bounded buffer that drops the oldest
/// messages, so a slow client misses ticks (and sees a gap in `seq`) instead of holding back
/// the others or growing memory without end.
struct FeedBroadcast {
    var simulator: FeedSimulator
    var latest: FeedTick?
    var paused = false
    var subscribers: [Int: AsyncStream<String>.Continuation] = [:]
    var nextSubscriber = 0
    var published = 0
    /// The provider streams' connections (Alpaca, Massive), which translate each tick.
    var providers: [Int: ProviderInbox] = [:]
    /// The provider keys logged in, one connection each.
    var providerKeys: Set<String> = []

    /// Makes and publishes the next tick, unless paused.
    mutating func publishNext(at time: Date) {
        guard !paused else { return }
        let previous = latest
        let tick = simulator.next(at: time)
        latest = tick
        published += 1
        // Writing the text is most of a tick's cost; nobody listening, no need.
        if !subscribers.isEmpty { send(tick.jsonText) }
        if !providers.isEmpty {
            let event = MarketEvent(tick: tick, previous: previous, newTrade: simulator.lastTickMadeTrade)
            for inbox in providers.values { inbox.post(.market(event)) }
        }
    }

    /// Sends `text` to every subscriber without waiting for any of them.
    func send(_ text: String) {
        for continuation in subscribers.values { continuation.yield(text) }
    }

    /// A new subscriber, given the latest tick at once so that it need not wait for the next.
    mutating func subscribe(buffer: Int) -> (id: Int, messages: AsyncStream<String>) {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(buffer))
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = continuation
        if let latest { continuation.yield(latest.jsonText) }
        return (id, stream)
    }

    mutating func unsubscribe(_ id: Int) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    mutating func addProvider(_ inbox: ProviderInbox) -> Int {
        let id = nextSubscriber
        nextSubscriber += 1
        providers[id] = inbox
        return id
    }

    mutating func removeProvider(_ id: Int) {
        providers.removeValue(forKey: id)?.finish()
    }

    /// Takes `key` for one connection; false while another holds it.
    mutating func claimProviderKey(_ key: String) -> Bool {
        providerKeys.insert(key).inserted
    }

    mutating func releaseProviderKey(_ key: String) {
        providerKeys.remove(key)
    }

    /// Ends every subscriber's stream and every provider connection, which closes them.
    mutating func dropAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
        for inbox in providers.values { inbox.finish() }
        providers.removeAll()
    }
}
