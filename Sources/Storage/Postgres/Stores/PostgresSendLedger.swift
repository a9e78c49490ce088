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

    public func take(
        source: String, key: String?, capacity: Int, window: TimeInterval, at now: Date
    ) async throws
        -> SendTurn
    {
        let logger = database.logger
        let seconds = now.timeIntervalSince1970
        return try await database.write("count the sends to \(source)") { connection -> SendTurn in
            try await connection.run(
                "DELETE FROM source_send WHERE source = \(source) AND sent_at <= \(seconds - window)", logger: logger)
            if let key,
                try await connection.row(
                    """
                    SELECT 1 AS sent FROM source_send WHERE source = \(source) AND request_key = \(key)
                        AND sent_at > \(seconds - SendTurn.inFlight)
                    """, logger: logger) != nil
            {
                return .sentElsewhere
            }
            let times = try await connection.rows(
                "SELECT sent_at FROM source_send WHERE source = \(source) ORDER BY sent_at", logger: logger
            ).map { try $0.double("sent_at") }
            if let freeAt = SendWindow.nextFree(times: times, capacity: capacity, window: window) {
                return .freeAt(Date(timeIntervalSince1970: freeAt))
            }
            try await connection.run(
                "INSERT INTO source_send (source, sent_at, request_key) VALUES (\(source), \(seconds), \(key))",
                logger: logger)
            return .granted
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
