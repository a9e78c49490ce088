import Foundation

/// A stored HTTP answer, keyed by its request (path and query, never the API key).
public struct CachedResponse: Sendable, Equatable {
    public var key: String
    public var body: [UInt8]
    public var fetchedAt: Date
    /// After this the answer is no longer fresh: it is asked for again, and used only as a
    /// stale fallback when the source fails.
    public var freshUntil: Date

    public init(key: String, body: [UInt8], fetchedAt: Date, freshUntil: Date) {
        self.key = key
        self.body = body
        self.fetchedAt = fetchedAt
        self.freshUntil = freshUntil
    }
}

/// Where the client keeps every answer. The database implementation lives in `Storage`.
public protocol ResponseCache: Sendable {
    func cachedResponse(for key: String) async throws -> CachedResponse?
    func store(_ response: CachedResponse) async throws
}

/// A cache in memory, for tests and for `bourse quote` runs without a database.
public actor InMemoryResponseCache: ResponseCache {
    private var entries: [String: CachedResponse] = [:]

    public init() {}

    public func cachedResponse(for key: String) -> CachedResponse? { entries[key] }

    public func store(_ response: CachedResponse) { entries[response.key] = response }
}
