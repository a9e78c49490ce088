import BourseCore

/// The JSON form of provider messages: text without spaces, members in order, numbers from their
/// exact text, times as RFC 3339 with milliseconds.
extension ProviderValue {
    /// The value as JSON text.
    var json: String {
        var out = ""
        appendJSON(to: &out)
        return out
    }

    func appendJSON(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .integer(let number): out += String(number)
        case .number(let text): out += text
        case .string(let text): out += JSONString.quoted(text)
        case .time(let date): out += "\"" + Timestamp.iso8601Milliseconds(date) + "\""
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.appendJSON(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                out += JSONString.quoted(member.name) + ":"
                member.value.appendJSON(to: &out)
            }
            out += "}"
        }
    }

    /// A client's JSON as a value: numbers keep their text; an object's members come in no
    /// particular order (JSON gives them none).
    init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text): self = .number(text)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(ProviderValue.init(json:)))
        case .object(let members): self = .object(members.map { ProviderMember($0.key, ProviderValue(json: $0.value)) })
        }
    }
}
