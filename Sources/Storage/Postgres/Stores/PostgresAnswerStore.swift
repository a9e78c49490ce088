import BourseCore
import Foundation
internal import NIOCore
internal import PostgresNIO

/// The last good answer to each request in PostgreSQL (`saved_answer`): shared by every
/// instance, so no instance asks the source for what another already has fresh.
public struct PostgresAnswerStore: AnswerStore {
    private let database: PostgreSQLDatabase

    public init(database: PostgreSQLDatabase) {
        self.database = database
    }

    public func answer(for key: String) async throws -> SavedAnswer? {
        let logger = database.logger
        return try await database.read("read a saved answer") { connection in
            guard
                let row = try await connection.row(
                    "SELECT body, media_type, fetched_at, fresh_until FROM saved_answer WHERE key = \(key)", logger: logger)
            else { return nil }
            let body = try row["body"].decode(ByteBuffer.self, context: .default)
            return SavedAnswer(
                key: key, body: Array(body.readableBytesView), mediaType: try row.optionalText("media_type"),
                fetchedAt: try row.date("fetched_at"), freshUntil: try row.date("fresh_until"))
        }
    }

    public func savedDates(for key: String) async throws -> SavedDates? {
        let logger = database.logger
        return try await database.read("read a saved answer") { connection in
            try await connection.row("SELECT fetched_at, fresh_until FROM saved_answer WHERE key = \(key)", logger: logger)
                .map { SavedDates(fetchedAt: try $0.date("fetched_at"), freshUntil: try $0.date("fresh_until")) }
        }
    }

    public func save(_ answer: SavedAnswer) async throws {
        let logger = database.logger
        _ = try await database.write("save an answer") { connection in
            try await connection.run(
                """
                INSERT INTO saved_answer (key, body, media_type, fetched_at, fresh_until)
                VALUES (\(answer.key), \(ByteBuffer(bytes: answer.body)), \(answer.mediaType),
                    \(answer.fetchedAt.timeIntervalSince1970), \(answer.freshUntil.timeIntervalSince1970))
                ON CONFLICT (key) DO UPDATE SET
                    body = excluded.body, media_type = excluded.media_type,
                    fetched_at = excluded.fetched_at, fresh_until = excluded.fresh_until
                """, logger: logger)
        }
    }
}
