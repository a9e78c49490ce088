import Foundation
import Storage
import TestSupport
import Testing

@testable import Bootstrap

/// `bourse watch`: the list in the database file, checked against the shipped listings.
@Suite("bourse watch")
struct WatchlistReportTests {
    @Test func addListAndRemoveWithClearErrors() async throws {
        let (path, folder) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: folder) }

        let missing = await WatchlistReport.run(database: .sqlite(path: path), action: .list, json: false)
        #expect(missing.failure?.exitCode == 64)

        #expect(try await WatchlistReport.run(database: .sqlite(path: path), action: .add("aapl"), json: false).get() == "AAPL")
        #expect(try await WatchlistReport.run(database: .sqlite(path: path), action: .add("KO"), json: false).get() == "AAPL\nKO")
        let json = try await WatchlistReport.run(database: .sqlite(path: path), action: .list, json: true).get()
        #expect(json.contains(#""symbols" : ["#))

        let unknown = await WatchlistReport.run(database: .sqlite(path: path), action: .add("ZZZZZQ"), json: false)
        #expect(unknown.failure?.exitCode == 1)
        #expect(unknown.failure?.message == "no listed stock has the symbol ZZZZZQ")
        let invalid = await WatchlistReport.run(database: .sqlite(path: path), action: .add("<b>"), json: false)
        #expect(invalid.failure?.exitCode == 64)
        let twice = await WatchlistReport.run(database: .sqlite(path: path), action: .add("KO"), json: false)
        #expect(twice.failure?.message == "KO is in the list already")

        #expect(try await WatchlistReport.run(database: .sqlite(path: path), action: .remove("aapl"), json: false).get() == "KO")
        let notThere = await WatchlistReport.run(database: .sqlite(path: path), action: .remove("MSFT"), json: false)
        #expect(notThere.failure?.exitCode == 1)
    }

    /// `--user NAME`: that person's list; without it, the owner's; a name no one has is one line, exit 1.
    @Test func userChoosesWhoseList() async throws {
        let (path, folder) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let database = try BourseDatabase(path: path)
            defer { try? database.close() }
            _ = try await database.addPerson("ann")
        }
        #expect(
            try await WatchlistReport.run(database: .sqlite(path: path), action: .add("KO"), json: false, user: "ANN").get()
                == "KO")
        #expect(try await WatchlistReport.run(database: .sqlite(path: path), action: .add("AAPL"), json: false).get() == "AAPL")
        #expect(
            try await WatchlistReport.run(database: .sqlite(path: path), action: .list, json: false, user: "ann").get() == "KO")
        let notHers = await WatchlistReport.run(database: .sqlite(path: path), action: .remove("AAPL"), json: false, user: "ann")
        #expect(notHers.failure?.exitCode == 1)

        let nobody = await WatchlistReport.run(database: .sqlite(path: path), action: .add("MSFT"), json: false, user: "bob")
        #expect(nobody.failure?.exitCode == 1)
        #expect(nobody.failure?.message == "no one is named bob")
        #expect(try await WatchlistReport.run(database: .sqlite(path: path), action: .list, json: false).get() == "AAPL")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
