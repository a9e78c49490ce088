import Foundation

@testable import BourseCore

/// Shared helpers for the GNB suites.
enum GNBFixture {
    /// A currency code from a literal; a bad literal is a test bug.
    static func code(_ text: String) -> CurrencyCode {
        guard let code = CurrencyCode(text) else { preconditionFailure("bad currency literal \(text)") }
        return code
    }

    static func rate(_ from: String, _ to: String, _ value: ExactDecimal) -> Rate {
        Rate(from: code(from), to: code(to), rate: value)
    }

    static func transaction(_ sku: String, _ amount: ExactDecimal, _ currency: String) -> Transaction {
        Transaction(sku: sku, amount: amount, currency: code(currency))
    }

    /// The repository's root, from this file's path (Tests/BourseCoreTests/<file>).
    static func repositoryRoot(file: String = #filePath) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The bundled GNB data directory in the source tree.
    static var dataDirectory: URL {
        repositoryRoot().appendingPathComponent("Sources/BundledData/Resources/gnb")
    }

    /// A bundled GNB file's bytes, e.g. `kata-statement/rates.json`.
    static func data(_ path: String) throws -> [UInt8] {
        let url = dataDirectory.appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw FixtureError(message: "cannot read \(url.path)")
        }
        return [UInt8](data)
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    struct FixtureError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
