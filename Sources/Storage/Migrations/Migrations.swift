import GRDB

/// Every schema change, in order.
enum Migrations {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1: response cache") { db in
            // Every answer from a market-data source, keyed by request without the API key.
            try db.execute(sql: """
                CREATE TABLE response_cache (
                    key TEXT PRIMARY KEY NOT NULL,
                    body BLOB NOT NULL,
                    fetched_at REAL NOT NULL,
                    fresh_until REAL NOT NULL
                ) WITHOUT ROWID
                """)
        }
    }
}
