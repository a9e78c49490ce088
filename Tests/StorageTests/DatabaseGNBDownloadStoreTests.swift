import BourseCore
import Foundation
import GNBData
import Testing
@testable import Storage

@Suite("DatabaseGNBDownloadStore")
struct DatabaseGNBDownloadStoreTests {
    @Test func keepsTheLastGoodDownloadOfEachSourceAcrossARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bourse.sqlite").path
        let old = GNBDownload(source: "http://x/rates", body: Array("[]".utf8), format: .json, fetchedAt: Date(timeIntervalSince1970: 10))
        let new = GNBDownload(source: "http://x/rates", body: Array("<rates/>".utf8), format: .xml, fetchedAt: Date(timeIntervalSince1970: 20))
        let other = GNBDownload(source: "http://x/transactions", body: [1, 2], format: .json, fetchedAt: Date(timeIntervalSince1970: 30))

        do {
            let store = DatabaseGNBDownloadStore(database: try BourseDatabase(path: path))
            try await store.saveGoodDownload(old)
            try await store.saveGoodDownload(new)
            try await store.saveGoodDownload(other)
        }
        let reopened = DatabaseGNBDownloadStore(database: try BourseDatabase(path: path))

        #expect(try await reopened.lastGoodDownload(of: "http://x/rates") == new)
        #expect(try await reopened.lastGoodDownload(of: "http://x/transactions") == other)
        #expect(try await reopened.lastGoodDownload(of: "http://y/rates") == nil)
    }
}
