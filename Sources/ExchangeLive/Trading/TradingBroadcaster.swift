import Exchange
import ServiceLifecycle
import Synchronization

/// The exchange screens' fan-out: every `TradingUpdate` the desk publishes goes to every
/// subscriber's stream, in the order it was published.
///
/// A `Service`: register it with the application so that graceful shutdown ends every
/// subscriber's stream (the screens' sockets then close) and refuses new subscribers.
/// Publishing never waits: each subscriber has a buffer of `bufferSize` updates that keeps the
/// newest, so a slow subscriber misses updates rather than holding back the desk or the others.
/// (The web app subscribes once for all its screens; its fan-out closes a screen that falls behind.)
public final class TradingBroadcaster: Service {
    private struct Subscribers {
        var streams: [UInt64: AsyncStream<TradingUpdate>.Continuation] = [:]
        var nextID: UInt64 = 0
        var closed = false
    }

    /// How many updates a subscriber that does not keep up may have waiting.
    public let bufferSize: Int
    private let subscribers = Mutex(Subscribers())

    public init(bufferSize: Int = 256) {
        self.bufferSize = bufferSize
    }

    /// Every update published from now on, until the subscriber stops iterating or the
    /// broadcaster shuts down (then the stream ends; after shutdown it is empty at once).
    public func updates() -> AsyncStream<TradingUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: TradingUpdate.self, bufferingPolicy: .bufferingNewest(bufferSize))
        let id: UInt64? = subscribers.withLock { subscribers in
            guard !subscribers.closed else { return nil }
            let id = subscribers.nextID
            subscribers.nextID += 1
            subscribers.streams[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        // Called outside the lock (by the stream's owner going away, or by `finish()` below).
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { _ = $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// How many subscribers there are now.
    public var subscriberCount: Int {
        subscribers.withLock { $0.streams.count }
    }

    /// Hands `update` to every subscriber. The desk calls it from one task at a time, after the
    /// commit that makes the update true; on an instance without the desk, what the desk
    /// published reaches it this way (SPEC §15).
    public func publish(_ update: TradingUpdate) {
        // Yielded outside the lock: a yield takes the waiting subscriber task's own lock, and a
        // subscriber task being cancelled holds that lock while its stream's `onTermination` takes
        // this one. Both under it can deadlock (the exchange socket's fan-out did, at 10,000
        // sockets). The order holds: one task publishes at a time.
        let streams = subscribers.withLock { Array($0.streams.values) }
        for continuation in streams { continuation.yield(update) }
    }

    /// Runs until graceful shutdown (or cancellation), then ends every subscriber's stream and
    /// refuses new ones.
    public func run() async throws {
        try? await gracefulShutdown()
        close()
    }

    /// Ends every stream and refuses new subscribers.
    func close() {
        let streams = subscribers.withLock { subscribers in
            subscribers.closed = true
            defer { subscribers.streams = [:] }
            return Array(subscribers.streams.values)
        }
        // Outside the lock: finishing a stream calls its `onTermination`, which takes the lock.
        for continuation in streams { continuation.finish() }
    }
}
