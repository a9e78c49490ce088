import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite("DatabaseAnswerStore")
struct DatabaseAnswerStoreTests {
    @Test func storesAndReadsBackAcrossARestart() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        let market = SavedAnswer(
            key: "/v2/aggs/ticker/AAPL/prev", body: Array(#"{"c": 75.0875}"#.utf8),
            fetchedAt: Date(timeIntervalSince1970: 1_700_000_000.5),
            freshUntil: Date(timeIntervalSince1970: 1_700_086_400))
        let gnb = SavedAnswer(
            key: "gnb:http://x/rates", body: Array("<rates/>".utf8), mediaType: "application/xml",
            fetchedAt: Date(timeIntervalSince1970: 20), freshUntil: Date(timeIntervalSince1970: 20))

        do {
            let store = DatabaseAnswerStore(database: try BourseDatabase(path: path))
            try await store.save(market)
            try await store.save(gnb)
        }
        let reopened = DatabaseAnswerStore(database: try BourseDatabase(path: path))

        #expect(try await reopened.answer(for: market.key) == market)
        #expect(try await reopened.answer(for: gnb.key) == gnb)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func replacesAnAnswerAndMissesUnknownKeys() async throws {
        let store = DatabaseAnswerStore(database: try BourseDatabase())
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
