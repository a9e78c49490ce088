import Foundation
import GRDB
import MarketData

/// The market-data response cache, kept in the database so that every answer survives a
/// restart and the app can work offline from it.
public struct DatabaseResponseCache: ResponseCache {
    private let database: BourseDatabase

    public init(database: BourseDatabase) {
        self.database = database
    }

    public func cachedResponse(for key: String) async throws -> CachedResponse? {
        try await database.writer.read { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT body, fetched_at, fresh_until FROM response_cache WHERE key = ?",
                arguments: [key])
            else { return nil }
            let body: Data = row["body"]
            return CachedResponse(
                key: key, body: Array(body),
                fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]),
                freshUntil: Date(timeIntervalSince1970: row["fresh_until"]))
        }
    }

    public func store(_ response: CachedResponse) async throws {
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO response_cache (key, body, fetched_at, fresh_until) VALUES (?, ?, ?, ?)
                    ON CONFLICT(key) DO UPDATE SET
                        body = excluded.body, fetched_at = excluded.fetched_at, fresh_until = excluded.fresh_until
                    """,
                arguments: [
                    response.key, Data(response.body),
                    response.fetchedAt.timeIntervalSince1970, response.freshUntil.timeIntervalSince1970,
                ])
        }
    }
}
