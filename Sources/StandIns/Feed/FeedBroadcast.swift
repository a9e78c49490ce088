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

    /// Makes and publishes the next tick, unless paused.
    mutating func publishNext(at time: Date) {
        guard !paused else { return }
        let tick = simulator.next(at: time)
        latest = tick
        published += 1
        // Writing the text is most of a tick's cost; nobody listening, no need.
        if !subscribers.isEmpty { send(tick.jsonText) }
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

    /// Ends every subscriber's stream, which closes its connection.
    mutating func dropAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }
}
