import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite("Migrations")
struct MigrationTests {
    @Test func v5AddsTheAccountTablesToAnExistingDatabase() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let old = try BourseDatabase(path: path, migratedThrough: "v4: one saved-answer table")
            #expect(try !old.tableNames().contains("owner_account"))
        }
        let database = try BourseDatabase(path: path)
        #expect(try database.appliedMigrations().contains("v5: the owner, sessions and API tokens"))
        #expect(try database.tableNames().isSuperset(of: ["owner_account", "session", "api_token", "saved_answer"]))
    }

    /// The schema before the saved answers had one table.
    static let v3 = "v3: exchange orders and fills"

    @Test func v4CarriesTheCacheAndTheGNBDownloadsIntoOneTable() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let old = try BourseDatabase(path: path, migratedThrough: Self.v3)
            #expect(try old.appliedMigrations().last == Self.v3)
            // Rows as the v1 and v2 stores wrote them.
            try old.execute(
                sql: """
                    INSERT INTO response_cache (key, body, fetched_at, fresh_until)
                        VALUES ('/v2/aggs/ticker/AAPL/prev', \(Self.blob(#"{"c": 75.0875}"#)), 1700000000.5, 1700086400);
                    INSERT INTO gnb_download (source, body, format, fetched_at)
                        VALUES ('http://x/rates', \(Self.blob("<rates/>")), 'xml', 20),
                               ('/data/transactions.json', \(Self.blob("[]")), 'json', 30.25);
                    """)
        }

        let database = try BourseDatabase(path: path)
        let store = DatabaseAnswerStore(database: database)

        #expect(try database.appliedMigrations().contains("v4: one saved-answer table"))
        #expect(try database.tableNames().isDisjoint(with: ["response_cache", "gnb_download"]))
        #expect(
            try await store.answer(for: "/v2/aggs/ticker/AAPL/prev")
                == SavedAnswer(
                    key: "/v2/aggs/ticker/AAPL/prev", body: Array(#"{"c": 75.0875}"#.utf8),
                    fetchedAt: Date(timeIntervalSince1970: 1_700_000_000.5),
                    freshUntil: Date(timeIntervalSince1970: 1_700_086_400)))
        #expect(
            try await store.answer(for: "gnb:http://x/rates")
                == SavedAnswer(
                    key: "gnb:http://x/rates", body: Array("<rates/>".utf8), mediaType: "application/xml",
                    fetchedAt: Date(timeIntervalSince1970: 20), freshUntil: Date(timeIntervalSince1970: 20)))
        #expect(
            try await store.answer(for: "gnb:/data/transactions.json")
                == SavedAnswer(
                    key: "gnb:/data/transactions.json", body: Array("[]".utf8), mediaType: "application/json",
                    fetchedAt: Date(timeIntervalSince1970: 30.25), freshUntil: Date(timeIntervalSince1970: 30.25)))
        #expect(try await store.answer(for: "http://x/rates") == nil)
    }

    /// `text` as an SQL blob literal.
    static func blob(_ text: String) -> String {
        "X'" + text.utf8.map { String(format: "%02X", $0) }.joined() + "'"
    }
}
