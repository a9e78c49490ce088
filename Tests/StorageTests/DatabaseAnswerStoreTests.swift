import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

/// On SQLite and PostgreSQL alike (SPEC §15).
@Suite("DatabaseAnswerStore")
struct DatabaseAnswerStoreTests {
    @Test(arguments: DatabaseKind.allCases)
    func storesAndReadsBackAcrossARestart(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let market = SavedAnswer(
            key: "/v2/aggs/ticker/AAPL/prev", body: Array(#"{"c": 75.0875}"#.utf8),
            fetchedAt: Date(timeIntervalSince1970: 1_700_000_000.5),
            freshUntil: Date(timeIntervalSince1970: 1_700_086_400))
        let gnb = SavedAnswer(
            key: "gnb:http://x/rates", body: Array("<rates/>".utf8), mediaType: "application/xml",
            fetchedAt: Date(timeIntervalSince1970: 20), freshUntil: Date(timeIntervalSince1970: 20))

        try await database.stores.answers.save(market)
        try await database.stores.answers.save(gnb)
        let reopened = try await database.reopen().answers

        #expect(try await reopened.answer(for: market.key) == market)
        #expect(try await reopened.answer(for: gnb.key) == gnb)
        if case .sqlite(let path) = database.location {
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func replacesAnAnswerAndMissesUnknownKeys(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let store = database.stores.answers
        let first = SavedAnswer(
            key: "k", body: [1], mediaType: "application/json", fetchedAt: Date(timeIntervalSince1970: 1),
            freshUntil: Date(timeIntervalSince1970: 2))
        let second = SavedAnswer(
            key: "k", body: [2, 3], fetchedAt: Date(timeIntervalSince1970: 3), freshUntil: Date(timeIntervalSince1970: 4))

        try await store.save(first)
        try await store.save(second)

        #expect(try await store.answer(for: "k") == second)
        #expect(try await store.answer(for: "other") == nil)
        #expect(
            try await store.savedDates(for: "k")
                == SavedDates(fetchedAt: Date(timeIntervalSince1970: 3), freshUntil: Date(timeIntervalSince1970: 4)))
        #expect(try await store.savedDates(for: "other") == nil)
    }
}
