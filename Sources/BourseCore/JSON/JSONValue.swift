/// A parsed JSON document that keeps every number as the text it was written in.
///
/// Foundation's decoders read numbers through `Double`; sources such as Polygon send prices as
/// JSON numbers (`"c": 75.0875`), and this keeps them exact until they become `ExactDecimal`s.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number's text as written, e.g. `"75.0875"` or `"1.5e3"`.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member `key` of an object; nil for other values and missing keys.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// A number, or a string holding a plain decimal, read exactly.
    public var decimalValue: ExactDecimal? {
        switch self {
        case .number(let text): return try? ExactDecimal(jsonNumber: text)
        case .string(let text): return try? ExactDecimal(parsing: text)
        default: return nil
        }
    }

    /// A number with no fractional part that fits in `Int64` (`1.0e3` and `1000.0` included).
    public var int64Value: Int64? {
        guard case .number(let text) = self else { return nil }
        if let plain = Int64(text) { return plain }
        guard let exact = try? ExactDecimal(jsonNumber: text), exact.normalized().scale == 0 else {
            return nil
        }
        return Int64(exactly: exact.normalized().significand)
    }
}
