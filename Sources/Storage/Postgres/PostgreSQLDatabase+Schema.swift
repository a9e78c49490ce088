import BourseCore
import Foundation
internal import PostgresNIO

/// What the schema is, for tests of the migrations (internal: only `@testable` callers see it).
extension PostgreSQLDatabase {
    /// The names of the migrations applied, oldest first.
    func appliedMigrations() async throws -> [String] {
        try await PostgresMigrator.applied(self)
    }

    /// Runs `script`'s statements as they are, in one transaction: tests write rows with an older
    /// schema through it.
    func execute(script: String) async throws {
        let logger = logger
        try await write("run a script") { connection in
            for statement in SQLScript.statements(script) {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
        }
    }

    /// How many rows of `table` (one with an `account_id`) are `account`'s.
    func count(_ table: String, account: AccountID) async throws -> Int {
        let logger = logger
        var binds = PostgresBindings()
        binds.append(account.rawValue)
        let query = PostgresQuery(unsafeSQL: "SELECT COUNT(*) AS n FROM \(table) WHERE account_id = $1", binds: binds)
        return try await read("count \(table)") { connection in
            Int(try await connection.row(query, logger: logger)?.int("n") ?? 0)
        }
    }
}
