import BourseCore
import Foundation
import MarketData

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

    /// The failure for a market-data error about `symbol`: 1 when the symbol is unknown, else 2.
    init(_ error: MarketDataError, symbol: String) {
        if case .unknownSymbol = error {
            self.init(message: "unknown symbol \(symbol)", exitCode: 1)
        } else {
            self.init(message: error.description, exitCode: 2)
        }
    }

    /// A command's answer: `value` as pretty JSON with `--json`, else `text()`.
    static func output(_ value: some Encodable, json: Bool, text: () -> String) -> Result<String, CommandFailure> {
        guard json else { return .success(text()) }
        do {
            return .success(try prettyJSON(value))
        } catch {
            return .failure(CommandFailure(message: "cannot write JSON: \(error)", exitCode: 2))
        }
    }

    /// The JSON a command prints with `--json`: pretty, keys sorted.
    static func prettyJSON(_ value: some Encodable) throws -> String {
        String(decoding: try APIJSON.prettyEncoder.encode(value), as: UTF8.self)
    }
}
