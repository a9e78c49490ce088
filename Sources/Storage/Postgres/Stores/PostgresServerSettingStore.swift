import BourseCore
import Foundation
internal import PostgresNIO

/// The server's settings in PostgreSQL (`server_setting`), as `DatabaseServerSettingStore` keeps
/// them in SQLite: one row a setting once it is changed.
public struct PostgresServerSettingStore: ServerSettingStore {
    private let database: PostgreSQLDatabase

    public init(database: PostgreSQLDatabase) {
        self.database = database
    }

    public func leaderboardHidden() async throws -> Bool {
        let key = ServerSettingKey.leaderboardHidden.rawValue
        let logger = database.logger
        let stored = try await database.read("read the server's settings") { connection in
            try await connection.row("SELECT value FROM server_setting WHERE key = \(key)", logger: logger)?.text("value")
        }
        return try ServerSettingKey.leaderboardHidden.flag(stored) ?? false
    }

    public func setLeaderboardHidden(_ hidden: Bool) async throws {
        let key = ServerSettingKey.leaderboardHidden.rawValue
        let logger = database.logger
        _ = try await database.write("change the server's settings") { connection in
            try await connection.run(
                """
                INSERT INTO server_setting (key, value) VALUES (\(key), \(hidden ? "true" : "false"))
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, logger: logger)
        }
    }
}
