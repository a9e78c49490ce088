import Foundation

/// The msgpack form of provider messages, as Alpaca writes it: prices as floats 64, whole
/// numbers as integers, times as Timestamps (to the millisecond, the same instant as the JSON
/// form's text), objects as maps with string keys in order.
extension ProviderValue {
    var messagePack: MessagePackValue {
        switch self {
        case .null: .nil
        case .bool(let flag): .bool(flag)
        case .integer(let number): .int(number)
        // The sessions write `.number` from a price's decimal text, which always reads as a Double.
        case .number(let text): Double(text).map(MessagePackValue.double) ?? .string(text)
        case .string(let text): .string(text)
        case .time(let date): .timestamp(MessagePackTimestamp(unixMilliseconds: MarketEvent.unixMilliseconds(date)))
        case .array(let elements): .array(elements.map(\.messagePack))
        case .object(let members): .map(members.map { MessagePackPair(.string($0.name), $0.value.messagePack) })
        }
    }

    /// A client's msgpack as a value; binaries, extensions other than timestamps and map keys
    /// other than strings have no place in a provider message.
    init(messagePack value: MessagePackValue) throws(ProviderDecodingError) {
        switch value {
        case .nil: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .integer(number)
        case .uint(let number): self = .number(String(number))
        case .float(let number): self = .number("\(number)")
        case .double(let number): self = .number("\(number)")
        case .string(let text): self = .string(text)
        case .binary: throw .unsupported("a binary value")
        case .array(let elements):
            var values: [ProviderValue] = []
            for element in elements { values.append(try ProviderValue(messagePack: element)) }
            self = .array(values)
        case .map(let pairs):
            var members: [ProviderMember] = []
            for pair in pairs {
                guard case .string(let name) = pair.key else { throw .unsupported("a map key that is not a string") }
                members.append(ProviderMember(name, try ProviderValue(messagePack: pair.value)))
            }
            self = .object(members)
        case .ext(let type, _): throw .unsupported("an extension of type \(type)")
        case .timestamp(let timestamp): self = .time(timestamp.date)
        }
    }
}
