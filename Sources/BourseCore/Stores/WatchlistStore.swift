/// Where each account's own stocks are kept, in their order: the database, so every device
/// shows the same list. Every method but the background refresh's is one account's.
public protocol WatchlistStore: Sendable {
    /// The account's symbols, in its order.
    func symbols(of account: AccountID) async throws -> [String]
    /// Reads the account's list, applies `change` and stores what it returns, in one
    /// transaction; a failure of `change` stores nothing and is returned as it is.
    func update(of account: AccountID, _ change: @escaping WatchlistChange) async throws -> Result<[String], WatchlistError>
    /// Every symbol anyone follows, once each (the background price refresh, for all accounts).
    func everyonesSymbols() async throws -> [String]
}

/// A change to the list: the new list from the old one, or why not.
public typealias WatchlistChange = @Sendable ([String]) -> Result<[String], WatchlistError>
