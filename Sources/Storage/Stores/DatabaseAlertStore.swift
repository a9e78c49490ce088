import BourseCore
import Foundation
internal import GRDB

/// Each account's price alerts in the database (`price_alert`), changed in one transaction each.
/// Every read and write is the account's (`account_id`): another account's id is not found.
public struct DatabaseAlertStore: AlertStore {
    private let database: BourseDatabase

    public init(database: BourseDatabase) {
        self.database = database
    }

    public func alerts(of account: AccountID) async throws -> [Alert] {
        try await attempt("read the alerts") {
            try await database.writer.read { db in try Self.alerts(db, of: account) }
        }
    }

    public func everyonesAlerts() async throws -> [AccountID: [Alert]] {
        try await attempt("read the alerts") {
            try await database.writer.read { db in
                var all: [AccountID: [Alert]] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT * FROM price_alert ORDER BY id") {
                    all[AccountID(row["account_id"]), default: []].append(try AlertRecords.alert(row))
                }
                return all
            }
        }
    }

    public func update(of account: AccountID, _ change: @escaping AlertChange) async throws -> Result<[Alert], AlertError> {
        try await attempt("change the alerts") {
            try await database.writer.write { db in
                let current = try Self.alerts(db, of: account)
                let lastID =
                    try Int.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'price_alert'") ?? 0
                let result = change(current, lastID)
                guard case .success(let alerts) = result else { return result }
                // Checked before anything is written: a failure returned after a write would commit it.
                guard alerts.allSatisfy({ Int64($0.id) != nil }) else { return .failure(.invalid("alert ids are numbers")) }
                let kept = Set(alerts.map(\.id))
                for gone in current where !kept.contains(gone.id) {
                    try db.execute(
                        sql: "DELETE FROM price_alert WHERE id = ? AND account_id = ?", arguments: [gone.id, account.rawValue])
                }
                let before = Dictionary(uniqueKeysWithValues: current.map { ($0.id, $0) })
                let upsert = try db.cachedStatement(
                    sql: """
                        INSERT INTO price_alert (id, account_id, symbol, kind, value, status, created_at, fired_at,
                            fired_price, fired_change_percent)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT(id) DO UPDATE SET
                            symbol = excluded.symbol, kind = excluded.kind, value = excluded.value,
                            status = excluded.status, fired_at = excluded.fired_at, fired_price = excluded.fired_price,
                            fired_change_percent = excluded.fired_change_percent
                        WHERE price_alert.account_id = excluded.account_id
                        """)
                for alert in alerts where before[alert.id] != alert {
                    try upsert.execute(arguments: [
                        Int64(alert.id), account.rawValue, alert.symbol, alert.condition.kind, alert.condition.valueText,
                        alert.status.rawValue,
                        alert.createdAt.timeIntervalSince1970, alert.firedAt?.timeIntervalSince1970,
                        alert.firedPrice?.description, alert.firedChangePercent?.description,
                    ])
                }
                return result
            }
        }
    }

    private static func alerts(_ db: Database, of account: AccountID) throws -> [Alert] {
        try Row.fetchAll(
            db, sql: "SELECT * FROM price_alert WHERE account_id = ? ORDER BY id", arguments: [account.rawValue]
        ).map(AlertRecords.alert)
    }

}
