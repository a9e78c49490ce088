/// Where each account's price alerts are kept: the database, so they survive a restart and every
/// device sees the same. An alert of another account is not there: its id is "not found".
public protocol AlertStore: Sendable {
    /// The account's alerts, in the order they were set.
    func alerts(of account: AccountID) async throws -> [Alert]
    /// Reads the account's alerts and the highest id ever used (by anyone: ids are never shared),
    /// applies `change` and stores the list it returns (new, changed and removed alerts), in one
    /// transaction; a failure of `change` stores nothing and is returned as it is.
    func update(of account: AccountID, _ change: @escaping AlertChange) async throws -> Result<[Alert], AlertError>
    /// Every account's alerts (the background check of every armed alert), each account's in the
    /// order they were set; an account without alerts is absent.
    func everyonesAlerts() async throws -> [AccountID: [Alert]]
}

/// A change to the alerts: the new list from the old one and the highest id used so far.
public typealias AlertChange = @Sendable (_ alerts: [Alert], _ lastID: Int) -> Result<[Alert], AlertError>
