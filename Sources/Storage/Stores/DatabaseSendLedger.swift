import BourseCore
import Foundation
internal import GRDB

/// The sends to the sources in SQLite (`source_send`): one instance's, kept like the PostgreSQL
/// ledger's so that a command on the same file counts against the server's budget too.
public struct DatabaseSendLedger: SendLedger {
    private let database: BourseDatabase

    public init(database: BourseDatabase) {
        self.database = database
    }

    public func take(
        source: String, key: String?, capacity: Int, window: TimeInterval, at now: Date
    ) async throws
        -> SendTurn
    {
        try await attempt("count the sends to \(source)") {
            try await database.writer.write { db in
                let since = now.timeIntervalSince1970 - window
                try db.execute(
                    sql: "DELETE FROM source_send WHERE source = ? AND sent_at <= ?", arguments: [source, since])
                if let key,
                    try Bool.fetchOne(
                        db,
                        sql: "SELECT 1 FROM source_send WHERE source = ? AND request_key = ? AND sent_at > ?",
                        arguments: [source, key, now.timeIntervalSince1970 - SendTurn.inFlight]) == true
                {
                    return .sentElsewhere
                }
                let times = try Double.fetchAll(
                    db, sql: "SELECT sent_at FROM source_send WHERE source = ? ORDER BY sent_at", arguments: [source])
                if let freeAt = SendWindow.nextFree(times: times, capacity: capacity, window: window) {
                    return .freeAt(Date(timeIntervalSince1970: freeAt))
                }
                try db.execute(
                    sql: "INSERT INTO source_send (source, sent_at, request_key) VALUES (?, ?, ?)",
                    arguments: [source, now.timeIntervalSince1970, key])
                return .granted
            }
        }
    }

    public func settle(source: String, taken: Date, at now: Date) async throws {
        try await attempt("count the sends to \(source)") {
            try await database.writer.write { db in
                try db.execute(
                    sql: """
                        UPDATE source_send SET sent_at = ? WHERE id = (
                            SELECT id FROM source_send WHERE source = ? AND sent_at = ? LIMIT 1)
                        """, arguments: [now.timeIntervalSince1970, source, taken.timeIntervalSince1970])
            }
        }
    }
}
