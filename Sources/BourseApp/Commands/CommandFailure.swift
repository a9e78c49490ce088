import Foundation

/// Why a command failed: the message for stderr and the exit status.
public struct CommandFailure: Error, Sendable {
    public let message: String
    /// 64 for a bad argument (EX_USAGE), 1 for something unknown (a symbol, a SKU), 2 when a
    /// source failed.
    public let exitCode: Int32

    public init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    /// The JSON a command prints with `--json`: pretty, keys sorted.
    static func prettyJSON(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
