import BourseCore
import Exchange
import Metrics
import NIOCore
import NIOWebSocket
import Synchronization

/// The exchange screens' fan-out on this instance: one subscription to the desk for every
/// socket, each update written into a WebSocket frame once (once for every screen, and once for
/// each account that sees it its own way), and each socket's frames queued up to `backlog`.
///
/// A socket whose queue is full has fallen behind: it is let go at once (its `fellBehind` fires,
/// and `ExchangeSocket` closes it with a close code) and counted in `fellBehindCount`. So a screen
/// that stopped reading holds at most `backlog` frames, shared with every other screen, and never
/// holds the others back.
///
/// The desk is subscribed to while there is a socket: from the first one's subscribing (before
/// its snapshot is read, so that nothing between the two is missed) until the last one goes.
final class ExchangeFanout: Sendable {
    /// A socket's part: its frames in the order the desk published them, and word that it fell behind.
    struct Subscription: Sendable {
        let frames: AsyncStream<WebSocketFrame>
        /// Yields once when the socket fell `backlog` frames behind and was let go; otherwise it
        /// ends with `frames`, yielding nothing.
        let fellBehind: AsyncStream<Void>
    }

    private struct Subscriber {
        let account: AccountID
        let frames: AsyncStream<WebSocketFrame>.Continuation
        let fellBehind: AsyncStream<Void>.Continuation

        func finish() {
            fellBehind.finish()
            frames.finish()
        }
    }

    private struct State {
        var subscribers: [UInt64: Subscriber] = [:]
        var nextID: UInt64 = 0
        /// The task reading the desk's updates while there are subscribers.
        var pump: Task<Void, Never>?
        /// Which pump is the current one: a stopped pump still finishing an update delivers nothing.
        var generation: UInt64 = 0
    }

    let desk: any ExchangeDesk
    /// How many frames a socket may have waiting before it is let go.
    let backlog: Int
    private let fellBehindCount: Counter?
    private let state = Mutex(State())

    init(desk: any ExchangeDesk, backlog: Int = 256, fellBehindCount: Counter? = nil) {
        precondition(backlog > 0, "a socket's backlog must hold at least one frame")
        self.desk = desk
        self.backlog = backlog
        self.fellBehindCount = fellBehindCount
    }

    /// `account`'s socket's frames from now on, until the socket stops reading them, falls
    /// behind, or the desk's updates end (shutdown).
    func subscribe(account: AccountID) -> Subscription {
        let (frames, framesContinuation) = AsyncStream.makeStream(
            of: WebSocketFrame.self, bufferingPolicy: .bufferingOldest(backlog))
        let (fellBehind, fellBehindContinuation) = AsyncStream.makeStream(of: Void.self)
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = Subscriber(
                account: account, frames: framesContinuation, fellBehind: fellBehindContinuation)
            if state.pump == nil {
                state.generation += 1
                let generation = state.generation
                // Subscribed here, before the caller reads its snapshot.
                let updates = desk.updates()
                state.pump = Task { await self.pump(updates, generation: generation) }
            }
            return id
        }
        // Called outside the lock: by the socket dropping its stream, or by `finish()`.
        framesContinuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return Subscription(frames: frames, fellBehind: fellBehind)
    }

    /// How many sockets are subscribed now.
    var subscriberCount: Int {
        state.withLock { $0.subscribers.count }
    }

    private func unsubscribe(_ id: UInt64) {
        let (gone, stopped) = state.withLock { state -> (Subscriber?, Task<Void, Never>?) in
            let gone = state.subscribers.removeValue(forKey: id)
            guard state.subscribers.isEmpty, let pump = state.pump else { return (gone, nil) }
            state.pump = nil
            return (gone, pump)
        }
        gone?.finish()
        stopped?.cancel()
    }

    /// Reads the desk's updates, encodes each once and queues it for every socket it is for.
    private func pump(_ updates: AsyncStream<TradingUpdate>, generation: UInt64) async {
        for await update in updates {
            let message = ExchangeMessage(update)
            let everyone = message.everyone.map(Self.frame)
            let byAccount = message.byAccount.mapValues(Self.frame)
            // Yielded outside the lock: a yield takes the waiting socket task's own lock, and a
            // socket task being cancelled holds that lock while its stream's `onTermination`
            // takes this one (`unsubscribe`). Both under it deadlocked at 10,000 sockets.
            let subscribers = state.withLock { $0.generation == generation ? Array($0.subscribers) : [] }
            var late: [UInt64] = []
            for (id, subscriber) in subscribers {
                guard let frame = byAccount[subscriber.account] ?? everyone else { continue }
                if case .dropped = subscriber.frames.yield(frame) { late.append(id) }
            }
            let behind =
                late.isEmpty ? [] : state.withLock { state in late.compactMap { state.subscribers.removeValue(forKey: $0) } }
            for subscriber in behind {
                fellBehindCount?.increment()
                subscriber.fellBehind.yield()
                subscriber.finish()
            }
        }
        // The desk's updates ended (shutdown): so does every socket's. A pump stopped for want
        // of sockets finds none of its own left.
        let ended = state.withLock { state -> [Subscriber] in
            guard state.generation == generation else { return [] }
            state.pump = nil
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for subscriber in ended { subscriber.finish() }
    }

    /// A text frame of `text`, written once and sent as it is to every socket it is for.
    static func frame(_ text: String) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text))
    }
}
