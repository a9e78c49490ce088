import BourseCore
import Foundation

/// How one provider connection's messages travel: JSON text frames (the default) or msgpack
/// binary frames, which Alpaca's stream speaks to a client whose upgrade request carries
/// `Content-Type: application/msgpack` (as alpaca-py's `StockDataStream` does). The sessions
/// work on `ProviderValue`s; this is the only place that knows the two encodings apart.
enum ProviderEncoding: Equatable, Sendable {
    case json
    case messagePack

    static let messagePackMediaType = "application/msgpack"

    /// The encoding a client's `Content-Type` asks for: msgpack for `application/msgpack` (in any
    /// case, with or without parameters), JSON for any other type or none.
    init(contentType: String?) {
        let mediaType = contentType?.split(separator: ";", maxSplits: 1).first ?? ""
        let asked = mediaType.trimmingCharacters(in: .whitespaces).lowercased()
        self = asked == Self.messagePackMediaType ? .messagePack : .json
    }

    /// Whether a client's frame is read at all: a JSON connection ignores binary frames, as it
    /// did before msgpack; a msgpack connection reads the bytes of either kind.
    func reads(_ frame: ProviderFrame) -> Bool {
        switch (self, frame) {
        case (.json, .binary): false
        case (.json, .text), (.messagePack, _): true
        }
    }

    /// The message a client's frame holds.
    func decode(_ frame: ProviderFrame) throws(ProviderDecodingError) -> ProviderValue {
        let bytes: [UInt8] =
            switch frame {
            case .text(let text): Array(text.utf8)
            case .binary(let bytes): bytes
            }
        switch self {
        case .json:
            do {
                return ProviderValue(json: try JSONReader.parse(bytes))
            } catch {
                throw .json(error)
            }
        case .messagePack:
            let value: MessagePackValue
            do {
                value = try MessagePackReader.read(bytes)
            } catch {
                throw .messagePack(error)
            }
            return try ProviderValue(messagePack: value)
        }
    }

    /// The frame that carries `value`.
    func encode(_ value: ProviderValue) -> ProviderFrame {
        switch self {
        case .json: .text(value.json)
        case .messagePack: .binary(MessagePackWriter.write(value.messagePack))
        }
    }
}
