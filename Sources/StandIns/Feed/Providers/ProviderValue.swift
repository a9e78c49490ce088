import Foundation

/// One provider message, or a part of one, as the sessions read and write it: the decoded
/// value, before the connection's encoding (`ProviderEncoding`, JSON or msgpack) makes it a frame.
///
/// It keeps what the two encodings write differently: a price is a `.number`, written from its
/// exact decimal text in JSON and as a float in msgpack; a time is a `.time`, RFC 3339 text in
/// JSON and a Timestamp extension in msgpack.
enum ProviderValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A whole number: an integer in both encodings (sizes, codes, ids).
    case integer(Int64)
    /// A number's exact decimal text (`101.24`): JSON writes the text, msgpack a float 64.
    case number(String)
    case string(String)
    /// An instant, to the millisecond: RFC 3339 in UTC in JSON, a Timestamp in msgpack.
    case time(Date)
    case array([ProviderValue])
    /// The members in the order written (a JSON object, a msgpack map with string keys).
    case object([ProviderMember])

    /// An object from `members`, in their order.
    static func object(_ members: KeyValuePairs<String, ProviderValue>) -> ProviderValue {
        .object(members.map { ProviderMember($0.key, $0.value) })
    }

    /// The member `name` of an object (the first, if the client sent it twice); nil for other
    /// values and missing names.
    subscript(name: String) -> ProviderValue? {
        members?.first { $0.name == name }?.value
    }

    var members: [ProviderMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var arrayValue: [ProviderValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}

/// One member of a provider message's object.
struct ProviderMember: Equatable, Sendable {
    var name: String
    var value: ProviderValue

    init(_ name: String, _ value: ProviderValue) {
        self.name = name
        self.value = value
    }
}

extension ProviderValue: ExpressibleByStringLiteral {
    init(stringLiteral text: String) {
        self = .string(text)
    }
}

extension ProviderValue: ExpressibleByIntegerLiteral {
    init(integerLiteral number: Int64) {
        self = .integer(number)
    }
}

extension ProviderValue: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: ProviderValue...) {
        self = .array(elements)
    }
}
