import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite("BourseDatabase")
struct BourseDatabaseTests {
    @Test func anUnopenablePathIsAClearError() {
        #expect {
            try BourseDatabase(path: "/proc/no-such-dir/bourse.sqlite")
        } throws: { error in
            "\(error)".contains("cannot open the database at /proc/no-such-dir/bourse.sqlite")
        }
    }

    @Test func aClosedDatabaseKeepsWhatWasWrittenAndRefusesMore() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        let answer = SavedAnswer(
            key: "k", body: [1], fetchedAt: Date(timeIntervalSince1970: 1), freshUntil: Date(timeIntervalSince1970: 2))
        let database = try BourseDatabase(path: path)
        try await DatabaseAnswerStore(database: database).save(answer)

        try database.close()

        await #expect(throws: (any Error).self) { try await DatabaseAnswerStore(database: database).answer(for: "k") }
        #expect(try await DatabaseAnswerStore(database: try BourseDatabase(path: path)).answer(for: "k") == answer)
    }
}
