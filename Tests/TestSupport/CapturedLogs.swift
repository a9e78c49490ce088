import Logging
import Synchronization

/// A logger whose every line (message and metadata) is kept for the test to read.
public final class CapturedLogs: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    /// Every line so far: "level message key=value …", the keys sorted.
    public var all: [String] { lines.withLock { $0 } }

    public func logger(label: String = "test") -> Logger {
        var logger = Logger(label: label) { _ in Handler(sink: self) }
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
