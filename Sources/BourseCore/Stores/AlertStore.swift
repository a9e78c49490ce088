/// Where the user's price alerts are kept: the database, so they survive a restart and every
/// device sees the same.
public protocol AlertStore: Sendable {
    /// Every alert, in the order they were set.
    func alerts() async throws -> [Alert]
    /// Reads the alerts and the highest id ever used, applies `change` and stores the list it
    /// returns (new, changed and removed alerts), in one transaction; a failure of `change`
    /// stores nothing and is returned as it is.
    func update(_ change: @escaping AlertChange) async throws -> Result<[Alert], AlertError>
}

/// A change to the alerts: the new list from the old one and the highest id used so far.
public typealias AlertChange = @Sendable (_ alerts: [Alert], _ lastID: Int) -> Result<[Alert], AlertError>
