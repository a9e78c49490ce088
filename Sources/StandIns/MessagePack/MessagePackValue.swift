/// One msgpack value (the format of https://github.com/msgpack/msgpack/blob/master/spec.md), as
/// Alpaca's market-data stream writes and reads it when a client asks for msgpack.
///
/// The reader gives each integer as `.int` when it fits an `Int64`, whatever width it was
/// written in, and as `.uint` only above `Int64.max`; the writer writes every integer in its
/// smallest form. Floats keep their width: a float 32 is `.float`, a float 64 `.double`.
enum MessagePackValue: Equatable, Sendable {
    case `nil`
    case bool(Bool)
    case int(Int64)
    /// An unsigned integer above `Int64.max` (the writer takes any).
    case uint(UInt64)
    case float(Float)
    case double(Double)
    case string(String)
    case binary([UInt8])
    case array([MessagePackValue])
    /// The pairs in the order written: msgpack keys may be of any type and are kept in order.
    case map([MessagePackPair])
    /// An application extension: its type (0 to 127; the negative types are msgpack's own) and
    /// its data. A timestamp (type -1) is `.timestamp`, never this.
    case ext(type: Int8, data: [UInt8])
    /// The predefined Timestamp extension (type -1).
    case timestamp(MessagePackTimestamp)

    /// The value of the string key `key` in a map; nil for other values and missing keys.
    subscript(key: String) -> MessagePackValue? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.first { $0.key == .string(key) }?.value
    }
}

/// One key and its value in a msgpack map.
struct MessagePackPair: Equatable, Sendable {
    var key: MessagePackValue
    var value: MessagePackValue

    init(_ key: MessagePackValue, _ value: MessagePackValue) {
        self.key = key
        self.value = value
    }
}
