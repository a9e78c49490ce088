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
        let database = try BourseDatabase(path: path, migratedThrough: "v5: the owner, sessions and API tokens")
        #expect(try database.appliedMigrations().last == "v5: the owner, sessions and API tokens")
        #expect(try database.tableNames().isSuperset(of: ["owner_account", "session", "api_token", "saved_answer"]))
    }

    /// SPEC §14: a server from before accounts keeps its owner (name, password), signed-in
    /// browsers and tokens, now account 1's; one that never had a password gets an owner without one.
    @Test func v10MakesTheOwnerAccountOneWithTheirSessionsAndTokens() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let old = try BourseDatabase(path: path, migratedThrough: "v9: notices and web push")
            try old.execute(
                sql: """
                    INSERT INTO owner_account (id, name, password_hash, changed_at) VALUES (1, 'ada', '$2b$04$hash', 1700000000);
                    INSERT INTO session (id_hash, created_at, last_seen_at) VALUES ('s1', 1700000001, 1700000002);
                    INSERT INTO api_token (name, token_hash, created_at, last_used_at) VALUES ('ci', 't1', 1700000003, NULL);
                    """)
        }
        let database = try BourseDatabase(path: path)
        #expect(try !database.tableNames().contains("owner_account"))
        let store = DatabaseAccountStore(database: database)
        let owner = try await store.owner()
        #expect(owner.id == .owner && owner.name == "ada" && owner.role == .owner && owner.passwordHash == "$2b$04$hash")
        #expect(try await store.session(idHash: "s1")?.account == .owner)
        #expect(try await store.tokens(of: .owner).map(\.name) == ["ci"])
        #expect(try await store.token(hash: "t1")?.account == .owner)
    }

    @Test func v10GivesAServerWithoutAPasswordAnOwnerWithoutOne() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        let owner = try await DatabaseAccountStore(database: try BourseDatabase(path: path)).owner()
        #expect(owner.id == .owner && owner.role == .owner && owner.passwordHash == nil)
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
