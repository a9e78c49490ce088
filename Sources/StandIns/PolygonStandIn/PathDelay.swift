/// A delay before the stand-in answers paths that start with `prefix` (`bourse sim --slow`):
/// prices that arrive late, to show and test what the app does meanwhile.
public struct PathDelay: Sendable, Equatable {
    /// The longest delay allowed, in seconds.
    public static let maximumSeconds = 600.0

    public let prefix: String
    public let delay: Duration

    public init(prefix: String, delay: Duration) {
        self.prefix = prefix
        self.delay = delay
    }

    /// Reads `PATH_PREFIX=SECONDS` (`/v2/aggs/grouped=12`, `/v3/=0.5`): the prefix starts with `/`,
    /// the seconds are a number from 0 to 600.
    public init(parsing text: String) throws(PathDelayError) {
        guard let equals = text.lastIndex(of: "=") else { throw .notPrefixEqualsSeconds(text) }
        let prefix = String(text[..<equals])
        let secondsText = String(text[text.index(after: equals)...])
        guard prefix.hasPrefix("/") else { throw .prefixNotAPath(prefix) }
        guard let seconds = Double(secondsText), seconds.isFinite else { throw .secondsNotANumber(secondsText) }
        guard (0...Self.maximumSeconds).contains(seconds) else { throw .secondsOutOfRange(seconds) }
        self.init(prefix: prefix, delay: .milliseconds(Int64((seconds * 1000).rounded())))
    }

    /// The delay for `path` among `delays`: the longest matching prefix's, nil when none matches.
    static func delay(forPath path: String, in delays: [PathDelay]) -> Duration? {
        delays.filter { path.hasPrefix($0.prefix) }.max { $0.prefix.count < $1.prefix.count }?.delay
    }
}

/// Why a `--slow` value was refused.
public enum PathDelayError: Error, Equatable, CustomStringConvertible {
    case notPrefixEqualsSeconds(String)
    case prefixNotAPath(String)
    case secondsNotANumber(String)
    case secondsOutOfRange(Double)

    public var description: String {
        switch self {
        case .notPrefixEqualsSeconds(let text):
            "'\(text)' is not PATH_PREFIX=SECONDS (e.g. /v2/aggs/grouped=12)"
        case .prefixNotAPath(let prefix):
            "the path prefix '\(prefix)' must start with '/' (e.g. /v2/aggs/grouped=12)"
        case .secondsNotANumber(let text):
            "'\(text)' is not a number of seconds (e.g. /v2/aggs/grouped=12)"
        case .secondsOutOfRange(let seconds):
            "\(seconds) seconds is out of range: from 0 to \(Int(PathDelay.maximumSeconds))"
        }
    }
}
