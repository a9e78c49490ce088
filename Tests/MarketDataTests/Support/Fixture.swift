import Foundation
import MarketDataLive

/// A fixture body from `Fixtures/`, e.g. `Fixture.bytes("errors/error_429_rate_limit.json")`.
enum Fixture {
    static func bytes(_ path: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: "Fixtures/" + path, withExtension: nil) else {
            throw FixtureMissing(path: path)
        }
        return Array(try Data(contentsOf: url))
    }

    struct FixtureMissing: Error, CustomStringConvertible {
        var path: String
        var description: String { "no fixture at Fixtures/\(path)" }
    }
}
