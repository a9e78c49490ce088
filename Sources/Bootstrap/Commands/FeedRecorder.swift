import BourseCore
import Exchange
import ExchangeLive
import FeedProviders
import Foundation
import Logging
import StandIns
import Synchronization

/// `bourse exchange record`: connects to the exchange feed and writes every valid tick, as the
/// feed sent it, one JSON object a line (JSONL), for a given time. On a provider's stream
/// (`BOURSE_FEED=alpaca` or `massive`) the ticks are those its quotes and trades made, so a
/// real market's session can be recorded and replayed.
public enum FeedRecorder {
    public struct Options: Sendable {
        /// How long to record.
        public var seconds: Double
        /// The file to write (replaced); nil for standard output.
        public var output: String?
        /// The feed's WebSocket URL; nil for the feed `BOURSE_FEED` and `BOURSE_FEED_URL` name,
        /// else an embedded simulator.
        public var feed: String?
        /// The stock a provider's stream is subscribed to.
        public var symbol: String

        public init(seconds: Double, output: String? = nil, feed: String? = nil, symbol: String = "AAPL") {
            self.seconds = seconds
            self.output = output
            self.feed = feed
            self.symbol = symbol
        }
    }

    /// What was recorded.
    public struct Summary: Sendable, Equatable {
        /// The feed, without any query string.
        public var feed: String
        public var ticks = 0
        public var gaps = 0
        public var malformed = 0
        public var state: FeedState = .connecting
    }

    /// Records for `options.seconds`, calling `progress` about once a second with the counts so far.
    public static func run(
        _ options: Options, environment: [String: String], progress: @escaping @Sendable (Summary) -> Void = { _ in }
    ) async -> Result<Summary, CommandFailure> {
        guard options.seconds > 0, options.seconds.isFinite else {
            return .failure(CommandFailure(message: "--seconds must be above zero", exitCode: 64))
        }
        let sink: FileHandle
        switch openOutput(options.output) {
        case .success(let handle): sink = handle
        case .failure(let failure): return .failure(failure)
        }
        defer { if options.output != nil { try? sink.close() } }

        var embedded: EmbeddedServices?
        var ticking: Task<Void, Never>?
        let url: URL
        var dialect: (any FeedDialect)?
        let configured: FeedSettings?
        do {
            configured = try SourceSettings(environment: environment).feed
        } catch {
            return .failure(CommandFailure(message: error.description, exitCode: 64))
        }
        if options.feed == nil, let configured, configured.provider != .bourse {
            url = configured.url
            dialect = configured.dialect(symbol: options.symbol.uppercased())
        } else if let text = options.feed ?? environment["BOURSE_FEED_URL"], !text.isEmpty {
            guard let parsed = ExchangeSource.feedURL(text) else {
                return .failure(
                    CommandFailure(
                        message:
                            "the feed URL must be ws://HOST:PORT/feed or wss://…, not \(text.prefix { $0 != "?" }.prefix(200))",
                        exitCode: 64))
            }
            url = parsed
        } else {
            do {
                guard let started = try await EmbeddedServices.start(.feed) else { throw EmbeddedServicesError.didNotStart }
                embedded = started
                ticking = started.feed?.start()
                url = started.feedURL
            } catch {
                return .failure(CommandFailure(message: "could not start the embedded feed: \(error)", exitCode: 2))
            }
        }
        defer {
            ticking?.cancel()
            embedded?.stop()
        }

        let recording = Recording(Summary(feed: FeedClient.redacted(url)))
        let client = FeedClient(
            url: url, dialect: dialect, logger: Log.make("bourse.feed", environment: environment, default: .warning))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await client.run { event in
                    switch event {
                    case .tick(let tick):
                        do {
                            try sink.write(contentsOf: Data((tick.jsonText + "\n").utf8))
                            recording.summary.withLock { $0.ticks += 1 }
                        } catch {
                            recording.writeError.withLock {
                                $0 = $0 ?? "cannot write \(options.output ?? "standard output"): \(error)"
                            }
                        }
                    case .gap: recording.summary.withLock { $0.gaps += 1 }
                    case .malformed: recording.summary.withLock { $0.malformed += 1 }
                    case .state(let state): recording.summary.withLock { $0.state = state }
                    }
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    do { try await Task.sleep(for: .seconds(1)) } catch { return }
                    progress(recording.summary.withLock { $0 })
                }
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(options.seconds))
            }
            // The timer is the first to end (or a cancelled command); then stop the others.
            await group.next()
            group.cancelAll()
        }
        if let message = recording.writeError.withLock({ $0 }) { return .failure(CommandFailure(message: message, exitCode: 2)) }
        let result = recording.summary.withLock { $0 }
        guard result.ticks > 0 else {
            return .failure(
                CommandFailure(
                    message: "no tick from \(result.feed) in \(options.seconds) s ("
                        + (result.state.refusal.map { "refused: \($0.reason); \($0.fix)" }
                            ?? "the feed is \(result.state.label)") + ")",
                    exitCode: 2))
        }
        return .success(result)
    }

    private static func openOutput(_ path: String?) -> Result<FileHandle, CommandFailure> {
        guard let path else { return .success(FileHandle.standardOutput) }
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            return .failure(CommandFailure(message: "cannot write \(path): check the folder exists and is writable", exitCode: 2))
        }
        return .success(handle)
    }
}

/// What the recording tasks share.
private final class Recording: Sendable {
    let summary: Mutex<FeedRecorder.Summary>
    /// The first write failure, which ends the command with an error.
    let writeError = Mutex<String?>(nil)

    init(_ summary: FeedRecorder.Summary) {
        self.summary = Mutex(summary)
    }
}
