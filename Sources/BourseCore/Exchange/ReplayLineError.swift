/// One bad line of a replay's input: which file, which line (from 1) and what is wrong with it.
public struct ReplayLineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The replay's two inputs.
    public enum File: String, Sendable, Hashable {
        /// The ticks, one feed message a line.
        case feed
        /// The orders script, one order or cancel a line.
        case orders
    }

    public let file: File
    public let line: Int
    public let reason: String

    public init(file: File, line: Int, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// "orders line 3: quantity 0 must be at least 1 share".
    public var description: String { "\(file.rawValue) line \(line): \(reason)" }
}

/// Why a replay did not run: every bad line of both inputs, feed first, each in line order.
public struct ReplayInputError: Error, Equatable, Sendable, CustomStringConvertible {
    public let lines: [ReplayLineError]

    public init(lines: [ReplayLineError]) {
        self.lines = lines
    }

    /// One bad line per text line.
    public var description: String { lines.map(\.description).joined(separator: "\n") }
}
