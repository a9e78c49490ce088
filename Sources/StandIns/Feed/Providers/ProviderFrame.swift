import BourseCore

/// One WebSocket data frame of a provider connection, either way: text for JSON, binary for
/// msgpack.
enum ProviderFrame: Equatable, Sendable {
    case text(String)
    case binary([UInt8])
}

/// Why a client's frame is not a message the stream can read; the session answers it as the
/// provider answers malformed input (Alpaca `400 invalid syntax`, Massive "invalid JSON").
enum ProviderDecodingError: Error, Equatable, Sendable {
    case json(JSONError)
    case messagePack(MessagePackError)
    /// Well-formed msgpack that no provider message holds (a binary, an extension other than a
    /// timestamp, a map key that is not a string).
    case unsupported(String)
}
