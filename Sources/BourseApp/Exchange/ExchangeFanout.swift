import BourseCore
import Exchange
import Metrics
import NIOCore
import NIOWebSocket
import Synchronization

/// The exchange screens' fan-out on this instance: one subscription to the desk for every
/// socket, each update written into a WebSocket frame once (once for every screen, and once for
/// each account that sees it its own way), and written to the sockets of each event loop in one
/// go on that loop: one job a loop per update, not a task and two hops per socket.
///
/// A socket's frames go to its channel in the order the desk published them, after its snapshot
/// (`activate`). A socket that is `backlog` frames behind (its channel still not writable after
/// that many writes, or that many frames waiting for its snapshot) has fallen behind: nothing more
/// is written to it, its `ended` says so (`ExchangeSocket` closes it with a close code), and it is
/// counted in `fellBehindCount`. A screen that stopped reading thus holds at most what its
/// channel's buffer took before it stopped being writable and `backlog` more frames, each shared
/// with every other screen, and never holds the others back.
///
/// The desk is subscribed to while there is a socket: from the first one's subscribing (before
/// its snapshot is read, so that nothing between the two is missed) until the last one goes.
final class ExchangeFanout: Sendable {
    /// How a socket's frames stopped.
    enum Ending: Sendable {
        /// It fell `backlog` frames behind.
        case fellBehind
        /// The desk's updates ended (shutdown), every frame handed to its channel.
        case updatesEnded
    }

    /// A socket's part: its id, and how its frames stopped (one value, then the end; nothing when
    /// the socket unsubscribed).
    struct Subscription: Sendable {
        let id: UInt64
        let ended: AsyncStream<Ending>
    }

    /// One socket: its account and channel, and what only its event loop reads and changes.
    private final class Socket: @unchecked Sendable {
        let account: AccountID
        let channel: any Channel
        let ended: AsyncStream<Ending>.Continuation
        // On the channel's event loop only:
        /// The frames published before its snapshot was written; nil once it was.
        var waiting: [WebSocketFrame]? = []
        /// Writes since its channel was last writable.
        var unwritableWrites = 0
        /// Nothing more is written: it fell behind or went away.
        var stopped = false

        init(account: AccountID, channel: any Channel, ended: AsyncStream<Ending>.Continuation) {
            self.account = account
            self.channel = channel
            self.ended = ended
        }

        /// On the loop: writes `frame` (or keeps it for after the snapshot), without flushing;
        /// false when the socket is `backlog` frames behind.
        func write(_ frame: WebSocketFrame, backlog: Int) -> Bool {
            if waiting != nil {
                guard waiting!.count < backlog else { return false }
                waiting!.append(frame)
                return true
            }
            if channel.isWritable {
                unwritableWrites = 0
            } else {
                unwritableWrites += 1
                guard unwritableWrites <= backlog else { return false }
            }
            channel.write(frame, promise: nil)
            return true
        }
    }

    private struct State {
        var sockets: [UInt64: Socket] = [:]
        var nextID: UInt64 = 0
        /// The task reading the desk's updates while there are sockets.
        var pump: Task<Void, Never>?
        /// Which pump is the current one: a stopped pump still finishing an update delivers nothing.
        var generation: UInt64 = 0
    }

    let desk: any ExchangeDesk
    /// How many frames a socket may be behind before it is let go.
    let backlog: Int
    private let fellBehindCount: Counter?
    private let state = Mutex(State())

    init(desk: any ExchangeDesk, backlog: Int = 256, fellBehindCount: Counter? = nil) {
        precondition(backlog > 0, "a socket's backlog must hold at least one frame")
        self.desk = desk
        self.backlog = backlog
        self.fellBehindCount = fellBehindCount
    }

    /// `account`'s socket on `channel`: the desk's updates from now on are kept for it until
    /// `activate` writes its snapshot, then written as they come, until it unsubscribes, falls
    /// behind, or the desk's updates end (shutdown).
    func subscribe(account: AccountID, channel: any Channel) -> Subscription {
        let (ended, endedContinuation) = AsyncStream.makeStream(of: Ending.self)
        let socket = Socket(account: account, channel: channel, ended: endedContinuation)
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.sockets[id] = socket
            if state.pump == nil {
                state.generation += 1
                let generation = state.generation
                // Subscribed here, before the caller reads its snapshot.
                let updates = desk.updates()
                state.pump = Task { await self.pump(updates, generation: generation) }
            }
            return id
        }
        return Subscription(id: id, ended: ended)
    }

    /// Writes socket `id`'s snapshot, then what was published since it subscribed, and from then
    /// on every update as it comes. Nothing for a socket no longer subscribed.
    func activate(_ id: UInt64, snapshot: WebSocketFrame) {
        guard let socket = state.withLock({ $0.sockets[id] }) else { return }
        socket.channel.eventLoop.execute {
            guard !socket.stopped, let waiting = socket.waiting else { return }
            socket.waiting = nil
            socket.channel.write(snapshot, promise: nil)
            for frame in waiting { socket.channel.write(frame, promise: nil) }
            socket.channel.flush()
        }
    }

    /// Socket `id` goes (its page left, or it was closed): nothing more is written to it.
    func unsubscribe(_ id: UInt64) {
        let (gone, stopped) = state.withLock { state -> (Socket?, Task<Void, Never>?) in
            let gone = state.sockets.removeValue(forKey: id)
            guard state.sockets.isEmpty, let pump = state.pump else { return (gone, nil) }
            state.pump = nil
            return (gone, pump)
        }
        if let gone { Self.stop(gone) }
        stopped?.cancel()
    }

    /// How many sockets are subscribed now.
    var subscriberCount: Int {
        state.withLock { $0.sockets.count }
    }

    /// Reads the desk's updates, encodes each once and writes it to every socket it is for, one
    /// job on each event loop.
    private func pump(_ updates: AsyncStream<TradingUpdate>, generation: UInt64) async {
        for await update in updates {
            let message = ExchangeMessage(update)
            let everyone = message.everyone.map(Self.frame)
            let byAccount = message.byAccount.mapValues(Self.frame)
            let sockets = state.withLock { $0.generation == generation ? Array($0.sockets.values) : [] }
            var loops: [ObjectIdentifier: (loop: any EventLoop, writes: [(Socket, WebSocketFrame)])] = [:]
            for socket in sockets {
                guard let frame = byAccount[socket.account] ?? everyone else { continue }
                let loop = socket.channel.eventLoop
                loops[ObjectIdentifier(loop), default: (loop, [])].writes.append((socket, frame))
            }
            for (loop, writes) in loops.values {
                loop.execute { [backlog] in
                    var behind: [Socket] = []
                    for (socket, frame) in writes where !socket.stopped {
                        if socket.write(frame, backlog: backlog) { continue }
                        socket.stopped = true
                        behind.append(socket)
                    }
                    for (socket, _) in writes where !socket.stopped { socket.channel.flush() }
                    if !behind.isEmpty { self.letGo(behind) }
                }
            }
        }
        // The desk's updates ended (shutdown): so does every socket's, after the writes queued on
        // its loop. A pump stopped for want of sockets finds none of its own left.
        let ended = state.withLock { state -> [Socket] in
            guard state.generation == generation else { return [] }
            state.pump = nil
            defer { state.sockets = [:] }
            return Array(state.sockets.values)
        }
        for socket in ended {
            socket.channel.eventLoop.execute {
                socket.stopped = true
                socket.ended.yield(.updatesEnded)
                socket.ended.finish()
            }
        }
    }

    /// Sockets that fell behind: counted, told, and forgotten.
    private func letGo(_ sockets: [Socket]) {
        let ids = Set(sockets.map(ObjectIdentifier.init))
        state.withLock { state in state.sockets = state.sockets.filter { !ids.contains(ObjectIdentifier($0.value)) } }
        for socket in sockets {
            fellBehindCount?.increment()
            socket.ended.yield(.fellBehind)
            socket.ended.finish()
        }
    }

    /// Nothing more is written to `socket`, and its `ended` ends.
    private static func stop(_ socket: Socket) {
        socket.ended.finish()
        socket.channel.eventLoop.execute { socket.stopped = true }
    }

    /// A text frame of `text`, written once and sent as it is to every socket it is for.
    static func frame(_ text: String) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text))
    }
}
