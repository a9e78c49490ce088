import Foundation

/// An answer a source gave, kept as the source sent it: served again while fresh, and as the
/// last good answer when the source fails.
public struct SavedAnswer: Sendable, Equatable {
    /// What was asked, as the client that saved it names it. Keys of different clients never
    /// meet: the Polygon client's are a path and query (they start with "/"), others start with
    /// their client's name and a colon (`gnb:`).
    public var key: String
    public var body: [UInt8]
    /// The body's media type when a reader needs it to parse the body (GNB answers in JSON or
    /// XML); nil when the key implies it.
    public var mediaType: String?
    public var fetchedAt: Date
    /// After this the answer is no longer fresh: it is asked for again, and used only as a
    /// stale fallback when the source fails. `fetchedAt` for an answer that is never reused
    /// while the source answers.
    public var freshUntil: Date

    public init(key: String, body: [UInt8], mediaType: String? = nil, fetchedAt: Date, freshUntil: Date) {
        self.key = key
        self.body = body
        self.mediaType = mediaType
        self.fetchedAt = fetchedAt
        self.freshUntil = freshUntil
    }
}
