/// Where the user's own stocks are kept, in their order: the database, so every device shows
/// the same list.
public protocol WatchlistStore: Sendable {
    /// The symbols, in the user's order.
    func symbols() async throws -> [String]
    /// Reads the list, applies `change` and stores what it returns, in one transaction; a
    /// failure of `change` stores nothing and is returned as it is.
    func update(_ change: @escaping WatchlistChange) async throws -> Result<[String], WatchlistError>
}

/// A change to the list: the new list from the old one, or why not.
public typealias WatchlistChange = @Sendable ([String]) -> Result<[String], WatchlistError>
