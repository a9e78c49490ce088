import BourseCore
internal import GRDB

/// What the schema is, for tests of the migrations (internal: only `@testable` callers see it).
extension BourseDatabase {
    /// The names of the migrations applied, oldest first.
    func appliedMigrations() throws -> [String] {
        try writer.read { db in try Self.migrator.appliedMigrations(db) }
    }

    /// The names of the tables.
    func tableNames() throws -> Set<String> {
        try writer.read { db in
            Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        }
    }

    /// Runs `sql` as it is: tests write rows with an older schema through it.
    func execute(sql: String) throws {
        try writer.write { db in try db.execute(sql: sql) }
    }

    /// How many rows of `table` (one with an `account_id`) are `account`'s.
    func count(_ table: String, account: AccountID) throws -> Int {
        try writer.read { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM \(table) WHERE account_id = ?", arguments: [account.rawValue]) ?? 0
        }
    }

    /// The highest fill id stored.
    func maxFillID() throws -> Int {
        try writer.read { db in try Int.fetchOne(db, sql: "SELECT MAX(id) FROM exchange_fill") ?? 0 }
    }
}
