import BourseCore
import Exchange
import Metrics
import NIOCore
import NIOWebSocket
import Synchronization

/// The exchange screens' fan-out on this instance: one subscription to the desk for every
/// socket, each update written into a WebSocket frame once, header and all (once for every
/// screen, and once for each account that sees it its own way), and written to the sockets of
/// each event loop in one go on that loop: one job a loop per update, not a task and two hops per
/// socket. The sockets are kept by event loop as they subscribe, so an update is handed to each
/// loop as it is, with nothing sorted per socket; each socket is written those bytes below its
/// WebSocket encoder (`WireFrame`), so no header is made and no buffer allocated per socket.
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
        let id: UInt64
        let account: AccountID
        let channel: any Channel
        let ended: AsyncStream<Ending>.Continuation
        // On the channel's event loop only:
        /// The frames published before its snapshot was written; nil once it was.
        var waiting: [WireFrame]? = []
        /// Where its frames are written: right below the channel's WebSocket encoder, found when
        /// the snapshot is written.
        var wire: ChannelHandlerContext?
        /// Writes since its channel was last writable.
        var unwritableWrites = 0
        /// Nothing more is written: it fell behind or went away.
        var stopped = false

        init(id: UInt64, account: AccountID, channel: any Channel, ended: AsyncStream<Ending>.Continuation) {
            self.id = id
            self.account = account
            self.channel = channel
            self.ended = ended
        }

        /// On the loop: writes and flushes `frame` (or keeps it for after the snapshot); false
        /// when the socket is `backlog` frames behind.
        func write(_ frame: WireFrame, backlog: Int) -> Bool {
            guard let wire else {
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
            wire.writeAndFlush(NIOAny(frame.bytes), promise: nil)
            return true
        }
    }

    /// An event loop's sockets, by id.
    private struct LoopSockets {
        let loop: any EventLoop
        var sockets: [UInt64: Socket] = [:]
    }

    private struct State {
        /// Every socket, by its event loop.
        var loops: [ObjectIdentifier: LoopSockets] = [:]
        /// Each socket's event loop, by id.
        var loopOf: [UInt64: ObjectIdentifier] = [:]
        var nextID: UInt64 = 0
        /// The task reading the desk's updates while there are sockets.
        var pump: Task<Void, Never>?
        /// Which pump is the current one: a stopped pump still finishing an update delivers nothing.
        var generation: UInt64 = 0

        func socket(_ id: UInt64) -> Socket? {
            loopOf[id].flatMap { loops[$0]?.sockets[id] }
        }

        /// Forgets socket `id`; the socket, if it was there.
        mutating func remove(_ id: UInt64) -> Socket? {
            guard let loop = loopOf.removeValue(forKey: id) else { return nil }
            let socket = loops[loop]?.sockets.removeValue(forKey: id)
            if loops[loop]?.sockets.isEmpty == true { loops[loop] = nil }
            return socket
        }
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
        let loop = ObjectIdentifier(channel.eventLoop)
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            let socket = Socket(id: id, account: account, channel: channel, ended: endedContinuation)
            state.loops[loop, default: LoopSockets(loop: channel.eventLoop)].sockets[id] = socket
            state.loopOf[id] = loop
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
    /// on every update as it comes. Nothing for a socket no longer subscribed, nor for one whose
    /// channel has no WebSocket encoder any more (it closed meanwhile: its handler hears that).
    func activate(_ id: UInt64, snapshot: WireFrame) {
        guard let socket = state.withLock({ $0.socket(id) }) else { return }
        socket.channel.eventLoop.execute {
            guard !socket.stopped, let waiting = socket.waiting,
                let wire = try? socket.channel.pipeline.syncOperations.context(handlerType: WebSocketFrameEncoder.self)
            else { return }
            socket.waiting = nil
            socket.wire = wire
            wire.write(NIOAny(snapshot.bytes), promise: nil)
            for frame in waiting { wire.write(NIOAny(frame.bytes), promise: nil) }
            wire.flush()
        }
    }

    /// Socket `id` goes (its page left, or it was closed): nothing more is written to it.
    func unsubscribe(_ id: UInt64) {
        let (gone, stopped) = state.withLock { state -> (Socket?, Task<Void, Never>?) in
            let gone = state.remove(id)
            guard state.loopOf.isEmpty, let pump = state.pump else { return (gone, nil) }
            state.pump = nil
            return (gone, pump)
        }
        if let gone { Self.stop(gone) }
        stopped?.cancel()
    }

    /// How many sockets are subscribed now.
    var subscriberCount: Int {
        state.withLock { $0.loopOf.count }
    }

    /// Reads the desk's updates, encodes each once and writes it to every socket it is for, one
    /// job on each event loop.
    private func pump(_ updates: AsyncStream<TradingUpdate>, generation: UInt64) async {
        for await update in updates {
            let message = ExchangeMessage(update)
            let everyone = message.everyone.map(WireFrame.init)
            let byAccount = message.byAccount.mapValues(WireFrame.init)
            // The loops' dictionaries as they are now (copied only if a socket comes or goes meanwhile).
            let loops = state.withLock { $0.generation == generation ? Array($0.loops.values) : [] }
            for each in loops {
                each.loop.execute { [backlog] in
                    var behind: [Socket] = []
                    for socket in each.sockets.values where !socket.stopped {
                        guard let frame = byAccount[socket.account] ?? everyone else { continue }
                        if socket.write(frame, backlog: backlog) { continue }
                        socket.stopped = true
                        behind.append(socket)
                    }
                    if !behind.isEmpty { self.letGo(behind) }
                }
            }
        }
        // The desk's updates ended (shutdown): so does every socket's, after the writes queued on
        // its loop. A pump stopped for want of sockets finds none of its own left.
        let ended = state.withLock { state -> [Socket] in
            guard state.generation == generation else { return [] }
            state.pump = nil
            defer { (state.loops, state.loopOf) = ([:], [:]) }
            return state.loops.values.flatMap(\.sockets.values)
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
        state.withLock { state in
            for socket in sockets { _ = state.remove(socket.id) }
        }
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
}
