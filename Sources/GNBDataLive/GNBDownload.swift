import BourseCore
import Foundation

/// A download that parsed cleanly: what the source sent, as it sent it.
struct GNBDownload: Sendable, Equatable {
    var source: String
    var body: [UInt8]
    var format: GNBFormat
    var fetchedAt: Date
}

extension GNBDownload {
    /// The key of a source's last good download in the answer store: `gnb:` and the source, so
    /// it never meets another client's key.
    static func answerKey(source: String) -> String { "gnb:" + source }

    /// The download as the answer store keeps it. Never fresh: the client always asks the
    /// source first and falls back on it only when the source fails.
    var savedAnswer: SavedAnswer {
        SavedAnswer(
            key: Self.answerKey(source: source), body: body, mediaType: format.mediaType, fetchedAt: fetchedAt,
            freshUntil: fetchedAt)
    }

    /// The download a saved answer holds, or nil when its media type is neither JSON nor XML.
    init?(source: String, saved: SavedAnswer) {
        guard let mediaType = saved.mediaType, let format = GNBFormat(contentType: mediaType) else { return nil }
        self.init(source: source, body: saved.body, format: format, fetchedAt: saved.fetchedAt)
    }
}
