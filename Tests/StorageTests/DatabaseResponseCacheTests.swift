import Foundation
import MarketData
import Testing
@testable import Storage

@Suite("DatabaseResponseCache")
struct DatabaseResponseCacheTests {
    @Test func storesAndReadsBackAcrossARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bourse.sqlite").path
        let response = CachedResponse(
            key: "/v2/aggs/ticker/AAPL/prev", body: Array(#"{"c": 75.0875}"#.utf8),
            fetchedAt: Date(timeIntervalSince1970: 1_700_000_000.5),
            freshUntil: Date(timeIntervalSince1970: 1_700_086_400))

        do {
            let database = try BourseDatabase(path: path)
            try await DatabaseResponseCache(database: database).store(response)
        }
        let reopened = try BourseDatabase(path: path)
        let read = try await DatabaseResponseCache(database: reopened).cachedResponse(for: response.key)

        #expect(read == response)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func replacesAnEntryAndMissesUnknownKeys() async throws {
        let cache = DatabaseResponseCache(database: try BourseDatabase())
        let first = CachedResponse(key: "k", body: [1], fetchedAt: Date(timeIntervalSince1970: 1), freshUntil: Date(timeIntervalSince1970: 2))
        let second = CachedResponse(key: "k", body: [2, 3], fetchedAt: Date(timeIntervalSince1970: 3), freshUntil: Date(timeIntervalSince1970: 4))

        try await cache.store(first)
        try await cache.store(second)

        #expect(try await cache.cachedResponse(for: "k") == second)
        #expect(try await cache.cachedResponse(for: "other") == nil)
    }

    @Test func anUnopenablePathIsAClearError() {
        #expect {
            try BourseDatabase(path: "/proc/no-such-dir/bourse.sqlite")
        } throws: { error in
            "\(error)".contains("cannot open the database at /proc/no-such-dir/bourse.sqlite")
        }
    }
}
