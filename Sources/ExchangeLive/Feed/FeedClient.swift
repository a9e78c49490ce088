import BourseCore
import FeedProviders
import Foundation
import HummingbirdWSClient
import Logging

/// The exchange feed's client: connects to the feed's WebSocket, checks every message, and
/// reports ticks, gaps, malformed messages and its own state until its task is cancelled.
///
/// It speaks Bourse's own feed protocol, or a provider's (`dialect`: Alpaca's or Massive's
/// stream), whose quotes and trades a `QuoteBook` turns into ticks, so that everything after
/// the translation is the same code.
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
        /// How long the client waits after a provider refused the connection (a wrong key, a
        /// plan without the feed) before it tries again.
        public var refusalRetry: Duration

        public init(
            staleAfter: Duration = .seconds(3), backoff: FeedBackoff = FeedBackoff(), maxMessageSize: Int = 1 << 16,
            handshakeTimeout: Duration = .seconds(10), refusalRetry: Duration = .seconds(60)
        ) {
            self.staleAfter = staleAfter
            self.backoff = backoff
            self.maxMessageSize = maxMessageSize
            self.handshakeTimeout = handshakeTimeout
            self.refusalRetry = refusalRetry
        }
    }

    /// The feed's WebSocket URL (`ws://HOST:PORT/feed`).
    public let url: URL
    /// The provider's stream it speaks; nil for Bourse's own feed protocol.
    public let dialect: (any FeedDialect)?
    public let configuration: Configuration
    let logger: Logger

    public init(url: URL, dialect: (any FeedDialect)? = nil, configuration: Configuration = .init(), logger: Logger) {
        self.url = url
        self.dialect = dialect
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
        var quotes = dialect.map { QuoteBook(symbol: $0.symbol) }
        while !Task.isCancelled {
            let outcome = await runConnection(reporter: &reporter, quotes: &quotes, previousSeq: lastSeq)
            guard !Task.isCancelled else { return }
            quotes?.connectionLost()
            lastSeq = outcome.lastSeq ?? lastSeq
            if let refusal = outcome.refusal {
                let wait = configuration.refusalRetry
                logger.error(
                    "The feed was refused: \(refusal.reason). To fix: \(refusal.fix). Trying again in \(Self.describe(wait))")
                await reporter.report(state: .refused(refusal))
                do { try await Task.sleep(for: wait) } catch { return }
                continue
            }
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
