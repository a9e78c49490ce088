import NIOCore
import NIOHTTP1

/// The connection's gate, in the channel pipeline right after NIO's HTTP/1 decoder: every
/// request's head passes it before Hummingbird (or the WebSocket upgrade) sees it.
///
/// - A head `RequestRules` refuses (another site's `Host`, an overlong target, HTTP/9.9, a
///   transfer coding other than chunked) gets its answer here and never reaches a route.
/// - A request the decoder cannot parse gets an answer (400, 431, 505) instead of none: before
///   the first request NIO's upgrade handler ignores parser errors, and the connection would
///   otherwise stay open, unanswered, for ever.
/// - So does a request whose head went on but whose body cannot be parsed (a bad chunk size):
///   the app's read of the body fails (it never sees the body end, so it never acts on part of
///   one), the gate answers 400 in its place and drops what the app writes for it.
/// - Time: a connection that sends nothing is closed after the idle timeout; a head that has
///   begun must be complete within the head timeout (else 408), so a client trickling bytes
///   cannot hold a connection, or a file descriptor, for long.
///
/// After answering (`Connection: close`), the gate passes nothing more on, either way, and reads
/// what the client still sends until the client closes its side, or `Timing.linger` has passed,
/// then closes: closing at once, with the client's bytes unread, would reset the connection and
/// could lose the answer. (No half-close meanwhile: NIO closes a channel whose output is shut as
/// soon as its input ends, before the upgrade handler hears of it, which then reports a
/// failure.) An answer waits for the responses to earlier requests on the connection.
///
/// After a WebSocket upgrade (a 101 goes out) it passes the frames' bytes on, both ways, as they
/// are. It looks only at HTTP parts and passes anything else on unread (removing the decoder,
/// the upgrade forwards the bytes that followed the handshake through it), hence `Any` below.
/// (It stays rather than leave the pipeline: removing itself as the 101 went by left the 101
/// unflushed, and the handshake hung.)
final class RequestGate: ChannelDuplexHandler {
    typealias InboundIn = Any
    typealias InboundOut = Any
    typealias OutboundIn = Any
    typealias OutboundOut = Any

    struct Timing: Sendable {
        var idle: TimeAmount
        var head: TimeAmount
        var headLimit: Duration
        /// How long a refused connection is kept for the client to read its answer and close.
        var linger: TimeAmount = .seconds(1)
    }

    private enum Phase {
        /// Between requests: no head is being read.
        case awaitingHead
        /// A head went on to the app; its body (if any) is being read.
        case inRequest
        /// An answer was given or is waiting its turn: nothing more is read.
        case refusing
        /// A WebSocket now: frames pass both ways untouched.
        case upgraded
    }

    private enum Timer {
        case idle, head, linger
    }

    /// How a refused connection ends: once the app has finished `owed` more responses (to the
    /// requests passed on before the refused one), the gate's `answer` goes out, or none when the
    /// app already answers the refused request itself; then the connection closes.
    private struct Ending {
        var owed: Int
        var answer: GateAnswer?
    }

    private let rules: RequestRules
    private let timing: Timing
    private let tls: Bool
    private let lineEnds: BareLineFeedWatch?

    private var phase = Phase.awaitingHead
    /// Requests passed on whose response has not ended.
    private var unanswered = 0
    /// Whether the oldest unanswered request's response has begun (its head went out).
    private var responding = false
    /// Whether any head was passed on: until then NIO's upgrade handler waits for the first.
    private var passedAHead = false
    private var endedARequestThisRead = false
    private var ending: Ending?
    /// The app's answers are over: whatever it still writes is dropped.
    private var dropping = false
    private var timer: (kind: Timer, task: Scheduled<Void>)?

    init(rules: RequestRules, timing: Timing, tls: Bool, lineEnds: BareLineFeedWatch? = nil) {
        self.rules = rules
        self.timing = timing
        self.tls = tls
        self.lineEnds = lineEnds
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(.idle, context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if timer == nil, phase == .awaitingHead { arm(.idle, context: context) }
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    // MARK: Inbound

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard phase != .refusing else { return }
        guard phase != .upgraded, let part = unwrapInboundIn(data) as? HTTPServerRequestPart else {
            context.fireChannelRead(data)
            return
        }
        switch part {
        case .head(let head):
            disarm()
            if let answer = rules.refusal(of: head) {
                refuse(with: answer, context: context)
                return
            }
            phase = .inRequest
            unanswered += 1
            passedAHead = true
        case .body:
            break
        case .end:
            phase = .awaitingHead
            endedARequestThisRead = true
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Bytes came in and the decoder made no head of them (nor ended a request with them):
        // a head has begun. (A read that ends one request and begins the next is not caught;
        // the next read is.)
        if phase == .awaitingHead, !endedARequestThisRead, timer?.kind != .head {
            arm(.head, context: context)
        }
        endedARequestThisRead = false
        context.fireChannelReadComplete()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch (phase, error) {
        case (.upgraded, _):
            context.fireErrorCaught(error)
        case (.refusing, _):
            return  // the decoder's complaints about what follows a refused request
        case (let phase, let error as HTTPParserError):
            let bareLineFeed = error == .invalidVersion && lineEnds?.sawBareLineFeedAfterVersion == true
            if phase == .inRequest {
                // The app has the head and part of the body: its read of the body fails, so it
                // never takes what it has for the whole.
                context.fireErrorCaught(error)
            }
            refuse(with: .malformed(error, bareLineFeed: bareLineFeed), context: context)
        default:
            context.fireErrorCaught(error)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let event as ChannelEvent where event == .inputClosed && phase == .refusing:
            // The client read the answer and closed its side (before the answer, the linger
            // after it closes).
            if dropping { close(context: context) }
        case is ChannelShouldQuiesceEvent where phase == .awaitingHead && unanswered == 0:
            close(context: context)  // shutting down, and nothing in flight on this connection
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    // MARK: Outbound

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard phase != .upgraded, let part = unwrapOutboundIn(data) as? HTTPServerResponsePart else {
            context.write(data, promise: promise)
            return
        }
        guard !dropping else {
            // The response to a request the gate answered for (or the app's own 400 for it):
            // the client has its answer. Told it went, the app waits for the close as after
            // any last answer, rather than closing at once under the gate's answer.
            promise?.succeed()
            return
        }
        switch part {
        case .head(let head) where head.status == .switchingProtocols:
            phase = .upgraded
            disarm()
            context.write(data, promise: promise)
        case .head(var head) where head.status.code >= 200:
            responding = true
            if !head.headers.contains(name: "X-Frame-Options") {
                // An answer written outside the router (a refused WebSocket handshake, a
                // redirect of a late upgrade) gets the headers every answer carries, too.
                for field in SecurityHeaders.fields(secure: tls) { head.headers.add(name: field.name, value: field.value) }
            }
            context.write(wrapOutboundOut(HTTPServerResponsePart.head(head)), promise: promise)
        case .head, .body:
            context.write(data, promise: promise)
        case .end:
            context.write(data, promise: promise)
            responding = false
            unanswered -= 1
            if var ending {
                ending.owed -= 1
                self.ending = ending
                if ending.owed == 0 { end(ending, context: context) }
            } else if phase == .awaitingHead, unanswered == 0, timer == nil {
                arm(.idle, context: context)
            }
        }
    }

    // MARK: Answers and closing

    /// Answers `answer` after the responses to the requests passed on before, and closes. A
    /// request passed on whose body then failed to parse is answered by the gate too, unless
    /// the app has begun answering it: then that answer is the last.
    private func refuse(with answer: GateAnswer, context: ChannelHandlerContext) {
        var ending = Ending(owed: unanswered, answer: answer)
        if phase == .inRequest {
            if unanswered == 0 || (unanswered == 1 && responding) {
                ending.answer = nil
            } else {
                ending.owed -= 1
            }
        }
        phase = .refusing
        disarm()
        if ending.owed == 0 {
            end(ending, context: context)
        } else {
            self.ending = ending
        }
    }

    private func end(_ ending: Ending, context: ChannelHandlerContext) {
        self.ending = nil
        dropping = true
        if let answer = ending.answer {
            send(answer, context: context)
        } else {
            arm(.linger, context: context)
        }
    }

    private func send(_ answer: GateAnswer, context: ChannelHandlerContext) {
        let body = answer.body
        let head = answer.head(tls: tls, bodyLength: body.readableBytes)
        context.write(wrapOutboundOut(HTTPServerResponsePart.head(head)), promise: nil)
        context.write(wrapOutboundOut(HTTPServerResponsePart.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(HTTPServerResponsePart.end(nil)), promise: nil)
        arm(.linger, context: context)
    }

    private func close(context: ChannelHandlerContext) {
        disarm()
        // Before the first head, NIO's upgrade handler still waits for one: told that input
        // ended, it gives up quietly instead of reporting a failed upgrade.
        if !passedAHead { context.fireUserInboundEventTriggered(ChannelEvent.inputClosed) }
        context.close(promise: nil)
    }

    // MARK: Timers

    private func arm(_ kind: Timer, context: ChannelHandlerContext) {
        disarm()
        let delay =
            switch kind {
            case .idle: timing.idle
            case .head: timing.head
            case .linger: timing.linger
            }
        let task = context.eventLoop.assumeIsolated().scheduleTask(in: delay) {
            self.timer = nil
            self.timerFired(kind, context: context)
        }
        timer = (kind, task)
    }

    private func disarm() {
        timer?.task.cancel()
        timer = nil
    }

    private func timerFired(_ kind: Timer, context: ChannelHandlerContext) {
        switch kind {
        case .idle where phase == .awaitingHead && unanswered == 0, .linger:
            close(context: context)
        case .head where phase == .awaitingHead:
            refuse(with: .headTimeout(timing.headLimit), context: context)
        case .idle, .head:
            break
        }
    }
}

@available(*, unavailable)
extension RequestGate: Sendable {}
