import BourseCore
import Foundation
import HummingbirdWSClient
import Logging

/// The exchange feed's client: connects to the feed's WebSocket, checks every message, and
/// reports ticks, gaps, malformed messages and its own state until its task is cancelled.
///
/// It is the same code against the embedded stand-in and a real feed (`docs/feed-protocol.md`):
/// a lost connection is retried with exponential backoff, a gap in `seq` is reported and then
/// the tick is taken (it carries the whole book), a malformed message is logged and dropped
/// while the connection stays, an older or repeated `seq` is dropped, and a connection that has
/// gone quiet for `staleAfter` is reported as stale.
///
/// To run it with the application's other long-lived work, wrap it in a `FeedService`, which
/// also ends it on graceful shutdown.
public struct FeedClient: Sendable {
    /// How the client behaves.
    public struct Configuration: Sendable {
        /// How long a connection may go without a valid tick before it counts as stale.
        public var staleAfter: Duration
        /// The waits between reconnection attempts.
        public var backoff: FeedBackoff
        /// The largest message accepted, in bytes; a larger one closes the connection.
        public var maxMessageSize: Int
        /// How long connecting and the WebSocket handshake may take before the attempt counts
        /// as failed (and the next one is made after the backoff).
        public var handshakeTimeout: Duration

        public init(
            staleAfter: Duration = .seconds(3), backoff: FeedBackoff = FeedBackoff(), maxMessageSize: Int = 1 << 16,
            handshakeTimeout: Duration = .seconds(10)
        ) {
            self.staleAfter = staleAfter
            self.backoff = backoff
            self.maxMessageSize = maxMessageSize
            self.handshakeTimeout = handshakeTimeout
        }
    }

    /// The feed's WebSocket URL (`ws://HOST:PORT/feed`).
    public let url: URL
    public let configuration: Configuration
    let logger: Logger

    public init(url: URL, configuration: Configuration = .init(), logger: Logger) {
        self.url = url
        self.configuration = configuration
        var logger = logger
        logger[metadataKey: "feed"] = .string(Self.redacted(url))
        self.logger = logger
    }

    /// Connects, and reconnects, until the task is cancelled, handing every event to `onEvent`
    /// in order (the next event waits for `onEvent` to return).
    public func run(_ onEvent: @escaping @Sendable (FeedEvent) async -> Void) async {
        var reporter = FeedReporter(onEvent: onEvent)
        await reporter.report(state: .connecting)
        var failures = 0
        var lastSeq: Int64?
        while !Task.isCancelled {
            let outcome = await runConnection(reporter: &reporter, previousSeq: lastSeq)
            guard !Task.isCancelled else { return }
            lastSeq = outcome.lastSeq ?? lastSeq
            // A connection that delivered a tick was a success: the backoff starts over.
            failures = outcome.lastSeq != nil ? 1 : failures + 1
            let delay = configuration.backoff.delay(attempt: failures)
            logger.warning(
                "Feed connection lost (\(outcome.reason)); reconnecting in \(Self.describe(delay)) (attempt \(failures))")
            await reporter.report(state: .reconnecting(attempt: failures, retryIn: delay))
            do { try await Task.sleep(for: delay) } catch { return }
        }
    }

    /// The URL without user, password, query or fragment, for log lines: a key in the query
    /// must never reach a log.
    public static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "(feed URL)" }
        components.user = nil
        components.password = nil
        components.query = nil
        components.fragment = nil
        return components.string ?? "(feed URL)"
    }

    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
