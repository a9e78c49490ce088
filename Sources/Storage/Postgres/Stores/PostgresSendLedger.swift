import BourseCore
import Foundation
internal import PostgresNIO

/// The sends to the sources in PostgreSQL (`source_send`), one count for every instance: a turn is
/// taken in a write transaction (the write lock), so two instances never both take the last slot.
public struct PostgresSendLedger: SendLedger {
    private let database: PostgreSQLDatabase

    public init(database: PostgreSQLDatabase) {
        self.database = database
    }

    public func take(source: String, capacity: Int, window: TimeInterval, at now: Date) async throws -> Date? {
        let logger = database.logger
        let seconds = now.timeIntervalSince1970
        return try await database.write("count the sends to \(source)") { connection -> Date? in
            try await connection.run(
                "DELETE FROM source_send WHERE source = \(source) AND sent_at <= \(seconds - window)", logger: logger)
            let times = try await connection.rows(
                "SELECT sent_at FROM source_send WHERE source = \(source) ORDER BY sent_at", logger: logger
            ).map { try $0.double("sent_at") }
            if let freeAt = SendWindow.nextFree(times: times, capacity: capacity, window: window) {
                return Date(timeIntervalSince1970: freeAt)
            }
            try await connection.run(
                "INSERT INTO source_send (source, sent_at) VALUES (\(source), \(seconds))", logger: logger)
            return nil
        }
    }

    public func settle(source: String, taken: Date, at now: Date) async throws {
        try await database.write(
            "count the sends to \(source)",
            """
            UPDATE source_send SET sent_at = \(now.timeIntervalSince1970) WHERE id = (
                SELECT id FROM source_send WHERE source = \(source) AND sent_at = \(taken.timeIntervalSince1970) LIMIT 1)
            """)
    }
}
