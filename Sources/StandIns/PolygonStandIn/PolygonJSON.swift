import BourseCore

/// A JSON document with members in a fixed order, written compactly; numbers are written from
/// their exact text (prices from `ExactDecimal`), so the stand-in never prints a float.
enum PolygonJSON: Sendable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([PolygonJSON])
    case object([(String, PolygonJSON)])

    static func decimal(_ value: ExactDecimal) -> PolygonJSON { .number(value.description) }
    static func int(_ value: Int) -> PolygonJSON { .number(String(value)) }

    /// The compact JSON text.
    var text: String {
        var output = ""
        write(into: &output)
        return output
    }

    func write(into output: inout String) {
        switch self {
        case .string(let value): Self.writeString(value, into: &output)
        case .number(let text): output += text
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let values):
            output += "["
            for (i, value) in values.enumerated() {
                if i > 0 { output += "," }
                value.write(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { output += "," }
                Self.writeString(key, into: &output)
                output += ":"
                value.write(into: &output)
            }
            output += "}"
        }
    }

    static func writeString(_ value: String, into output: inout String) {
        output += JSONString.quoted(value)
    }
}
