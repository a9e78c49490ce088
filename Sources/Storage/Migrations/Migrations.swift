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
        migrator.registerMigration("v2: GNB downloads") { db in
            // The last download of each GNB source that parsed cleanly, as the source sent it.
            try db.execute(sql: """
                CREATE TABLE gnb_download (
                    source TEXT PRIMARY KEY NOT NULL,
                    body BLOB NOT NULL,
                    format TEXT NOT NULL CHECK (format IN ('json', 'xml')),
                    fetched_at REAL NOT NULL
                ) WITHOUT ROWID
                """)
        }
    }
}
