import BourseCore

/// Writes a `JSONValue` back as JSON text, for round trips: numbers as the text they were read
/// from, strings through `JSONString.quoted`, the app's one string writer.
public enum JSONText {
    public static func write(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): text
        case .string(let text): JSONString.quoted(text)
        case .array(let elements): "[" + elements.map(write).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.map { JSONString.quoted($0.key) + ":" + write($0.value) }.joined(separator: ",") + "}"
        }
    }
}
