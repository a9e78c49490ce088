/// Where the clients keep the last good answer to each request (the market-data cache, the GNB
/// downloads), so the app works offline and across restarts. The database implementation is
/// in `Storage`; `InMemoryAnswerStore` is for tests and one-off commands.
public protocol AnswerStore: Sendable {
    /// The answer saved under `key`, or nil.
    func answer(for key: String) async throws -> SavedAnswer?
    /// Saves `answer` under its key, replacing whatever was saved there.
    func save(_ answer: SavedAnswer) async throws
}
