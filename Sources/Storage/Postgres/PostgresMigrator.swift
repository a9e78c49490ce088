import Foundation
internal import Logging
internal import PostgresNIO

/// Applies `Migrations.all` to a PostgreSQL database: the pending ones in one transaction, after a
/// transaction-level advisory lock, so that instances started together migrate once, and a
/// failed migration leaves the schema as it was. `bourse_migration` records what was applied.
enum PostgresMigrator {
    static func migrate(_ database: PostgreSQLDatabase, through lastMigration: String?) async throws {
        let logger = database.logger
        var wanted = Migrations.all
        if let lastMigration {
            guard let last = wanted.firstIndex(where: { $0.name == lastMigration }) else {
                throw StorageError.failed(operation: "migrate", reason: "no migration is named \(lastMigration)")
            }
            wanted = Array(wanted[...last])
        }
        try await database.client.withTransaction(logger: logger) { connection in
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(PostgreSQLDatabase.LockKey.migrations.rawValue))", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS bourse_migration (name TEXT PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)",
                logger: logger)
            let applied = Set(
                try await connection.rows("SELECT name FROM bourse_migration", logger: logger).map { try $0.text("name") })
            let known = Set(Migrations.all.map(\.name))
            if let unknown = applied.subtracting(known).sorted().first {
                throw StorageError.failed(
                    operation: "migrate",
                    reason:
                        "the database has migration \"\(unknown)\", which this Bourse does not know: it was made by a newer one")
            }
            for migration in wanted where !applied.contains(migration.name) {
                for statement in SQLScript.statements(migration.postgres) {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO bourse_migration (name, applied_at) VALUES (\(migration.name), \(Date().timeIntervalSince1970))",
                    logger: logger)
            }
        }
    }

    /// The names of the migrations applied, in the order of `Migrations.all`.
    static func applied(_ database: PostgreSQLDatabase) async throws -> [String] {
        let names = try await database.read("read the migrations") { connection in
            Set(
                try await connection.rows("SELECT name FROM bourse_migration", logger: database.logger).map {
                    try $0.text("name")
                })
        }
        return Migrations.all.map(\.name).filter(names.contains)
    }
}
