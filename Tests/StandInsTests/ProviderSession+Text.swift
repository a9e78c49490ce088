@testable import StandIns

/// A provider session's answer as a JSON client reads it: each frame's text.
struct TextReply: Equatable {
    var frames: [String]
    var close: Bool

    init(_ frames: [String] = [], close: Bool = false) {
        self.frames = frames
        self.close = close
    }
}

extension ProviderReply {
    /// The reply as the JSON encoding writes it.
    var text: TextReply { TextReply(frames.map(\.json), close: close) }
}

/// The sessions spoken to in JSON text, through the JSON encoding as a connection does, so that
/// their tests read as the contract's words.
extension ProviderSession {
    mutating func receive(_ text: String, claim: (String) -> Bool) -> TextReply {
        let message = Result { () throws(ProviderDecodingError) in try ProviderEncoding.json.decode(.text(text)) }
        return receive(message, claim: claim).text
    }

    var greetingText: String { greeting.json }

    func frameText(for event: MarketEvent) -> String? {
        frame(for: event)?.json
    }
}
