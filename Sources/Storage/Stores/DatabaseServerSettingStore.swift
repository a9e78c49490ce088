import BourseCore
import Foundation
internal import GRDB

/// The server's settings in the database (`server_setting`): one row a setting, written once the
/// owner changes it; a setting without a row has its default.
public struct DatabaseServerSettingStore: ServerSettingStore {
    private let database: BourseDatabase

    public init(database: BourseDatabase) {
        self.database = database
    }

    public func leaderboardHidden() async throws -> Bool {
        try await flag(.leaderboardHidden) ?? false
    }

    public func setLeaderboardHidden(_ hidden: Bool) async throws {
        try await setFlag(.leaderboardHidden, hidden)
    }

    /// A yes-or-no setting, stored as "true" or "false"; nil when it was never set.
    private func flag(_ key: ServerSettingKey) async throws -> Bool? {
        let stored = try await attempt("read the server's settings") {
            try await database.writer.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM server_setting WHERE key = ?", arguments: [key.rawValue])
            }
        }
        return try key.flag(stored)
    }

    private func setFlag(_ key: ServerSettingKey, _ value: Bool) async throws {
        try await attempt("change the server's settings") {
            try await database.writer.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO server_setting (key, value) VALUES (?, ?)
                            ON CONFLICT (key) DO UPDATE SET value = excluded.value
                        """,
                    arguments: [key.rawValue, value ? "true" : "false"])
            }
        }
    }
}
