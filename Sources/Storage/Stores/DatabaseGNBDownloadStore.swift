import BourseCore
import Foundation
import GNBData
import GRDB

/// The last good GNB downloads, kept in the database so the screens work with the source down,
/// across restarts.
public struct DatabaseGNBDownloadStore: GNBDownloadStore {
    private let database: BourseDatabase

    public init(database: BourseDatabase) {
        self.database = database
    }

    public func lastGoodDownload(of source: String) async throws -> GNBDownload? {
        try await database.writer.read { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT body, format, fetched_at FROM gnb_download WHERE source = ?", arguments: [source])
            else { return nil }
            let body: Data = row["body"]
            let formatName: String = row["format"]
            guard let format = GNBFormat(rawValue: formatName) else { return nil }
            return GNBDownload(
                source: source, body: Array(body), format: format,
                fetchedAt: Date(timeIntervalSince1970: row["fetched_at"]))
        }
    }

    public func saveGoodDownload(_ download: GNBDownload) async throws {
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO gnb_download (source, body, format, fetched_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT(source) DO UPDATE SET
                        body = excluded.body, format = excluded.format, fetched_at = excluded.fetched_at
                    """,
                arguments: [download.source, Data(download.body), download.format.rawValue, download.fetchedAt.timeIntervalSince1970])
        }
    }
}
