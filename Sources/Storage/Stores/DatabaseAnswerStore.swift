import BourseCore
import Foundation
internal import GRDB

/// The last good answer to each request (the market-data cache, the GNB downloads), kept in the
/// database so the app works offline and across restarts.
public struct DatabaseAnswerStore: AnswerStore {
    private let database: BourseDatabase

    public init(database: BourseDatabase) {
        self.database = database
    }

    public func answer(for key: String) async throws -> SavedAnswer? {
        try await database.writer.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT body, media_type, fetched_at, fresh_until FROM saved_answer WHERE key = ?",
                    arguments: [key])
            else { return nil }
            let body: Data = row["body"]
            return SavedAnswer(
                key: key, body: Array(body), mediaType: row["media_type"],
                fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]),
                freshUntil: Date(timeIntervalSince1970: row["fresh_until"]))
        }
    }

    public func savedDates(for key: String) async throws -> SavedDates? {
        try await database.writer.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT fetched_at, fresh_until FROM saved_answer WHERE key = ?", arguments: [key])
            else { return nil }
            return SavedDates(
                fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]),
                freshUntil: Date(timeIntervalSince1970: row["fresh_until"]))
        }
    }

    public func save(_ answer: SavedAnswer) async throws {
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO saved_answer (key, body, media_type, fetched_at, fresh_until) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(key) DO UPDATE SET
                        body = excluded.body, media_type = excluded.media_type,
                        fetched_at = excluded.fetched_at, fresh_until = excluded.fresh_until
                    """,
                arguments: [
                    answer.key, Data(answer.body), answer.mediaType,
                    answer.fetchedAt.timeIntervalSince1970, answer.freshUntil.timeIntervalSince1970,
                ])
        }
    }
}
