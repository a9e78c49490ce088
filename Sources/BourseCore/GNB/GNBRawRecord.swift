/// One record before validation: a JSON value (normally an object) or an XML element's attributes.
enum GNBRawRecord {
    case json(JSONValue)
    case xml([GNBXMLAttribute])

    /// A field's raw content, before it is checked.
    enum Field {
        /// A JSON string or an XML attribute value.
        case text(String)
        /// A JSON number's text.
        case number(String)
        /// Any other JSON value, by kind ("null", "an object", ...).
        case other(String)
    }

    /// The field `name`; nil when missing.
    func field(_ name: String) -> Field? {
        switch self {
        case .json(let value):
            switch value[name] {
            case nil: return nil
            case .string(let text): return .text(text)
            case .number(let text): return .number(text)
            case let other?: return .other(Self.kind(of: other))
            }
        case .xml(let attributes):
            for attribute in attributes where attribute.name == name {
                return .text(attribute.value)
            }
            return nil
        }
    }

    /// Why the record as a whole is unusable (a JSON element that is not an object), or nil.
    var shapeProblem: String? {
        if case .json(let value) = self, value.objectValue == nil {
            return "it is \(Self.kind(of: value)), where an object was expected"
        }
        return nil
    }

    /// "an object", "a string", ... for messages.
    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
