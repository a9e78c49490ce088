import Foundation

/// The one JSON configuration of the app's answers: API responses, socket messages and the
/// command line's `--json`. Keys in a stable (sorted) order, `/` written as is.
public enum APIJSON {
    /// The encoder every answer uses; configured once, never changed after.
    public static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The command line's `--json`: the same, pretty-printed for a terminal.
    public static let prettyEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as JSON text.
    public static func text(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
