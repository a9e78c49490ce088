import BourseCore
import Foundation
internal import PostgresNIO

/// Each account's price alerts in PostgreSQL (`price_alert`), changed in one transaction each.
/// Ids come from the table's identity, as SQLite's AUTOINCREMENT: never one used twice.
public struct PostgresAlertStore: AlertStore {
    private let database: PostgreSQLDatabase

    public init(database: PostgreSQLDatabase) {
        self.database = database
    }

    public func alerts(of account: AccountID) async throws -> [Alert] {
        let logger = database.logger
        return try await database.read("read the alerts") { connection in
            try await Self.alerts(connection, of: account, logger)
        }
    }

    public func everyonesAlerts() async throws -> [AccountID: [Alert]] {
        let logger = database.logger
        return try await database.read("read the alerts") { connection in
            var all: [AccountID: [Alert]] = [:]
            for row in try await connection.rows("SELECT * FROM price_alert ORDER BY id", logger: logger) {
                all[AccountID(try row.int("account_id")), default: []].append(try AlertRecords.alert(row))
            }
            return all
        }
    }

    public func update(of account: AccountID, _ change: @escaping AlertChange) async throws -> Result<[Alert], AlertError> {
        let logger = database.logger
        return try await database.write("change the alerts") { connection in
            let current = try await Self.alerts(connection, of: account, logger)
            // The identity's last value (0 before the first alert): what SQLite keeps in sqlite_sequence.
            let lastID =
                try await connection.row(
                    """
                    SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS last FROM price_alert_id_seq
                    """, logger: logger)?.int("last") ?? 0
            let result = change(current, Int(lastID))
            guard case .success(let alerts) = result else { return result }
            // Checked before anything is written: a failure returned after a write would commit it.
            guard alerts.allSatisfy({ Int64($0.id) != nil }) else { return .failure(.invalid("alert ids are numbers")) }
            let kept = Set(alerts.map(\.id))
            for gone in current where !kept.contains(gone.id) {
                try await connection.run(
                    "DELETE FROM price_alert WHERE id = \(Int64(gone.id) ?? -1) AND account_id = \(account.rawValue)",
                    logger: logger)
            }
            let before = Dictionary(uniqueKeysWithValues: current.map { ($0.id, $0) })
            var highest = lastID
            for alert in alerts where before[alert.id] != alert {
                let id = Int64(alert.id) ?? -1
                highest = max(highest, id)
                try await connection.run(
                    """
                    INSERT INTO price_alert (id, account_id, symbol, kind, value, status, created_at, fired_at,
                        fired_price, fired_change_percent)
                    VALUES (\(id), \(account.rawValue), \(alert.symbol), \(alert.condition.kind), \(alert.condition.valueText),
                        \(alert.status.rawValue), \(alert.createdAt.timeIntervalSince1970),
                        \(alert.firedAt?.timeIntervalSince1970), \(alert.firedPrice?.description),
                        \(alert.firedChangePercent?.description))
                    ON CONFLICT (id) DO UPDATE SET
                        symbol = excluded.symbol, kind = excluded.kind, value = excluded.value,
                        status = excluded.status, fired_at = excluded.fired_at, fired_price = excluded.fired_price,
                        fired_change_percent = excluded.fired_change_percent
                    WHERE price_alert.account_id = excluded.account_id
                    """, logger: logger)
            }
            // An id given here does not move the identity on by itself (SQLite's AUTOINCREMENT does).
            if highest > lastID {
                try await connection.run("SELECT setval('price_alert_id_seq', \(highest))", logger: logger)
            }
            return result
        }
    }

    private static func alerts(
        _ connection: PostgresConnection, of account: AccountID, _ logger: Logger
    ) async throws
        -> [Alert]
    {
        try await connection.rows(
            "SELECT * FROM price_alert WHERE account_id = \(account.rawValue) ORDER BY id", logger: logger
        ).map(AlertRecords.alert)
    }
}
