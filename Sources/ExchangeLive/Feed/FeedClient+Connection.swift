import BourseCore
import FeedProviders
import Foundation
import HummingbirdWSClient
import Logging

extension FeedClient {
    /// How a connection ended.
    struct ConnectionOutcome {
        /// Why, in words, for the log.
        var reason: String
        /// The `seq` of its last valid tick; nil when it delivered none.
        var lastSeq: Int64?
        /// The provider turned the connection down.
        var refusal: FeedRefusal?
    }

    /// What the connection's tasks tell the loop that handles events, one at a time.
    enum Signal: Sendable {
        case connected
        case message(WebSocketMessage)
        /// A provider's frame, read by the connection's dialect (which has sent its replies).
        case reading(ProviderReading)
        case closed(String)
        case checkStaleness
    }

    /// One connection, from connecting to its end. Reading the socket and the staleness timer
    /// run as tasks that only post signals; this loop is the one place that updates the
    /// connection's state and reports events, so events keep their order.
    ///
    /// The socket's task is not a child: WSClient awaits the handshake's answer on a future that
    /// cancellation does not reach, so a feed that takes the connection and never answers would
    /// hold it, and with it this loop and the app's shutdown, for ever. The loop gives such a
    /// handshake `handshakeTimeout`, then leaves the task cancelled (it ends once the socket
    /// does) and returns, as it does when its own task is cancelled.
    ///
    /// With a provider's `dialect`, the socket's task reads each frame with a fresh copy of it
    /// (one per connection), writes its replies (the key, the subscription) and posts what it
    /// read; `quotes` turns the quotes and trades into ticks.
    func runConnection(
        reporter: inout FeedReporter, quotes: inout QuoteBook?, previousSeq: Int64?
    ) async
        -> ConnectionOutcome
    {
        let (signals, post) = AsyncStream.makeStream(of: Signal.self)
        let clientConfiguration = WebSocketClientConfiguration(maxFrameSize: configuration.maxMessageSize)
        let maxMessageSize = configuration.maxMessageSize
        let urlText = url.absoluteString
        let logger = logger
        let handshakeTimeout = configuration.handshakeTimeout
        let dialect = dialect
        return await withTaskGroup(of: Void.self) { group in
            let socket = Task {
                do {
                    let close = try await WebSocketClient.connect(
                        url: urlText, configuration: clientConfiguration, logger: logger
                    ) { inbound, outbound, _ in
                        post.yield(.connected)
                        var session = dialect
                        var messages = inbound.messages(maxSize: maxMessageSize).makeAsyncIterator()
                        while let message = try await messages.next() {
                            guard case .text(let text) = message, var speaking = session else {
                                post.yield(.message(message))
                                continue
                            }
                            let reading = speaking.read(text)
                            session = speaking
                            for reply in reading.replies { try await outbound.write(.text(reply)) }
                            post.yield(.reading(reading))
                            if reading.endsConnection { return }
                        }
                    }
                    let code = close.map { " (\($0.closeCode))" } ?? ""
                    post.yield(.closed("the feed closed the connection\(code)"))
                } catch {
                    post.yield(.closed("\(error)"))
                }
                post.finish()
            }
            let startedAt = ContinuousClock.now
            let checkEvery = Self.stalenessCheckInterval(configuration.staleAfter)
            group.addTask {
                while !Task.isCancelled {
                    do { try await Task.sleep(for: checkEvery) } catch { return }
                    post.yield(.checkStaleness)
                }
            }
            var connection = FeedConnection(staleAfter: configuration.staleAfter, previousSeq: previousSeq)
            var reason = "the connection ended"
            var refusal: FeedRefusal?
            loop: for await signal in signals {
                switch signal {
                case .connected:
                    logger.info("Connected to the feed")
                    connection.connected(at: .now)
                case .message(let message):
                    await handle(message, connection: &connection, reporter: &reporter)
                case .reading(let reading):
                    await handle(reading, quotes: &quotes, connection: &connection, reporter: &reporter)
                    if let refused = reading.refusal {
                        refusal = refused
                        reason = refused.reason
                        break loop
                    }
                    if let closing = reading.closing {
                        reason = closing
                        break loop
                    }
                case .checkStaleness:
                    if !connection.isOpen, ContinuousClock.now - startedAt >= handshakeTimeout {
                        reason = "no answer to the WebSocket handshake within \(Self.describe(handshakeTimeout))"
                        break loop
                    }
                    if connection.isStale(at: .now) { await reporter.report(state: .stale) }
                case .closed(let why):
                    reason = why
                    break loop
                }
            }
            // Whatever the socket's task still posts goes nowhere; it ends when it can.
            post.finish()
            socket.cancel()
            group.cancelAll()
            return ConnectionOutcome(reason: reason, lastSeq: connection.sequencer.last, refusal: refusal)
        }
    }

    private func handle(_ message: WebSocketMessage, connection: inout FeedConnection, reporter: inout FeedReporter) async {
        let tick: FeedTick
        do throws(FeedMessageError) {
            guard case .text(let text) = message else {
                throw FeedMessageError("a binary message; the feed sends JSON text messages")
            }
            tick = try FeedTick.parse(text)
        } catch {
            logger.warning("Dropped a feed message: \(error.reason)")
            await reporter.report(.malformed(error))
            return
        }
        await admit(tick, connection: &connection, reporter: &reporter)
    }

    /// A provider's frame: its notes logged, its problems reported as malformed messages, and
    /// its quotes and trades made into ticks by `quotes`.
    private func handle(
        _ reading: ProviderReading, quotes: inout QuoteBook?, connection: inout FeedConnection, reporter: inout FeedReporter
    ) async {
        for note in reading.notes { logger.info("Feed: \(note)") }
        for problem in reading.problems {
            logger.warning("Dropped a feed message: \(problem.reason)")
            await reporter.report(.malformed(problem))
        }
        guard var book = quotes else { return }
        defer { quotes = book }
        for update in reading.updates {
            switch book.apply(update) {
            case .tick(let tick):
                await admit(tick, connection: &connection, reporter: &reporter)
            case .outOfOrder(let why):
                logger.notice("Dropped \(why)")
            case .refused(let problem):
                logger.warning("Dropped a feed message: \(problem.reason)")
                await reporter.report(.malformed(problem))
            }
        }
    }

    /// A valid tick, by the `seq` rules: reported, reported after a gap, or dropped as old.
    private func admit(_ tick: FeedTick, connection: inout FeedConnection, reporter: inout FeedReporter) async {
        switch connection.sequencer.admit(tick.seq) {
        case .first:
            if let previous = connection.previousSeq {
                if tick.seq <= previous {
                    logger.notice("The feed restarted: seq \(tick.seq) after \(previous) on the last connection")
                } else if tick.seq > previous + 1 {
                    logger.info("Resumed at seq \(tick.seq); \(tick.seq - previous - 1) ticks passed while disconnected")
                }
            }
        case .next:
            break
        case .gap(let expected):
            logger.notice("Gap in the feed: expected seq \(expected), received \(tick.seq) (\(tick.seq - expected) missed)")
            await reporter.report(.gap(expected: expected, received: tick.seq))
        case .stale(let last):
            logger.notice("Dropped a feed tick with seq \(tick.seq): not newer than \(last)")
            return
        }
        connection.ticked(at: .now)
        await reporter.report(state: .live)
        await reporter.report(.tick(tick))
    }

    /// Often enough to notice staleness within a tenth of `staleAfter`, but not busily.
    static func stalenessCheckInterval(_ staleAfter: Duration) -> Duration {
        min(max(staleAfter / 10, .milliseconds(10)), .milliseconds(500))
    }
}

/// What one connection knows: its `seq` rules and when it last heard a valid tick.
struct FeedConnection {
    let staleAfter: Duration
    /// The last `seq` of the connection before, for the log when this one re-bases.
    let previousSeq: Int64?
    var sequencer = FeedSequencer()
    /// Since when the connection has been waiting for a tick; nil until it is open.
    private var quietSince: ContinuousClock.Instant?

    init(staleAfter: Duration, previousSeq: Int64?) {
        self.staleAfter = staleAfter
        self.previousSeq = previousSeq
    }

    mutating func connected(at now: ContinuousClock.Instant) {
        quietSince = now
    }

    mutating func ticked(at now: ContinuousClock.Instant) {
        quietSince = now
    }

    /// Whether the handshake is done (the socket is open).
    var isOpen: Bool { quietSince != nil }

    func isStale(at now: ContinuousClock.Instant) -> Bool {
        guard let quietSince else { return false }
        return now - quietSince >= staleAfter
    }
}
