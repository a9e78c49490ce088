import Foundation

/// Where the clients keep the last good answer to each request (the market-data cache, the GNB
/// downloads), so the app works offline and across restarts. The database implementation is
/// in `Storage`; `InMemoryAnswerStore` is for tests and one-off commands.
public protocol AnswerStore: Sendable {
    /// The answer saved under `key`, or nil.
    func answer(for key: String) async throws -> SavedAnswer?
    /// Saves `answer` under its key, replacing whatever was saved there.
    func save(_ answer: SavedAnswer) async throws
    /// When the answer saved under `key` was fetched and until when it is fresh, without its body
    /// (a large answer costs a row's dates, not its megabytes); nil when nothing is saved.
    func savedDates(for key: String) async throws -> SavedDates?
}

/// When a saved answer was fetched, and until when it is fresh.
public struct SavedDates: Sendable, Equatable {
    public var fetchedAt: Date
    public var freshUntil: Date

    public init(fetchedAt: Date, freshUntil: Date) {
        self.fetchedAt = fetchedAt
        self.freshUntil = freshUntil
    }
}

extension AnswerStore {
    /// From the whole answer, for stores where that costs no more.
    public func savedDates(for key: String) async throws -> SavedDates? {
        try await answer(for: key).map { SavedDates(fetchedAt: $0.fetchedAt, freshUntil: $0.freshUntil) }
    }
}
