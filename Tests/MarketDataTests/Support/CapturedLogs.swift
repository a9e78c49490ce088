import Logging
import MarketDataLive
import Synchronization

/// A logger whose every line (message and metadata) is kept for the test to read.
final class CapturedLogs: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    var logger: Logger {
        var logger = Logger(label: "test.polygon") { _ in Handler(sink: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    private struct Handler: LogHandler {
        let sink: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let fields = (event.metadata ?? [:]).merging(metadata) { a, _ in a }
                .map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
            sink.append("\(event.level) \(event.message) \(fields)")
        }
    }
}
