import BourseCore
import Foundation
import Storage
import TestSupport
import Testing

@testable import Bootstrap

/// `bourse alerts`: the alerts in the database file, symbols checked against the shipped listings.
@Suite("bourse alerts")
struct AlertsReportTests {
    @Test func addListAndRemoveWithClearErrors() async throws {
        let (path, folder) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: folder) }

        #expect(await AlertsReport.run(database: .sqlite(path: path), action: .list, json: false).failure?.exitCode == 64)
        let above = try AlertsReport.condition(above: "150.00", below: nil, movePercent: nil).get()
        let added = try await AlertsReport.run(
            database: .sqlite(path: path), action: .add(symbol: "aapl", condition: above), json: false
        )
        .get()
        #expect(added.contains("AAPL") && added.contains("at or above 150.00") && added.contains("armed"))
        let move = try AlertsReport.condition(above: nil, below: nil, movePercent: "5").get()
        _ = try await AlertsReport.run(database: .sqlite(path: path), action: .add(symbol: "KO", condition: move), json: false)
            .get()

        let json = try await AlertsReport.run(database: .sqlite(path: path), action: .list, json: true).get()
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let alerts = try #require(document["alerts"] as? [[String: Any]])
        #expect(alerts.map { $0["id"] as? String } == ["1", "2"])
        #expect(alerts.map { $0["movePercent"] as? String } == [nil, "5"])

        let unknown = await AlertsReport.run(
            database: .sqlite(path: path), action: .add(symbol: "ZZZZZQ", condition: above), json: false)
        #expect(unknown.failure?.exitCode == 1)
        #expect(unknown.failure?.message == "no listed stock has the symbol ZZZZZQ")
        #expect(AlertsReport.condition(above: "1", below: "2", movePercent: nil).failure?.exitCode == 64)
        #expect(AlertsReport.condition(above: "1.001", below: nil, movePercent: nil).failure?.message.contains("tick") == true)
        #expect(AlertsReport.condition(above: nil, below: nil, movePercent: nil).failure?.message.contains("--above") == true)

        #expect(try await AlertsReport.run(database: .sqlite(path: path), action: .remove("1"), json: false).get().contains("KO"))
        let gone = await AlertsReport.run(database: .sqlite(path: path), action: .remove("1"), json: false)
        #expect(gone.failure?.message == "no alert 1")
        #expect(gone.failure?.exitCode == 1)
    }

    /// `--user NAME`: that person's alerts; another's id is not found; an unknown name is one line, exit 1.
    @Test func userChoosesWhoseAlerts() async throws {
        let (path, folder) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let database = try BourseDatabase(path: path)
            defer { try? database.close() }
            _ = try await database.addPerson("ann")
        }
        let above = try AlertsReport.condition(above: "150.00", below: nil, movePercent: nil).get()
        _ = try await AlertsReport.run(database: .sqlite(path: path), action: .add(symbol: "AAPL", condition: above), json: false)
            .get()
        let hers = try await AlertsReport.run(
            database: .sqlite(path: path), action: .add(symbol: "KO", condition: above), json: true, user: "ann"
        ).get()
        #expect(hers.contains(#""id" : "2""#) && !hers.contains("AAPL"))
        let owners = try await AlertsReport.run(database: .sqlite(path: path), action: .list, json: false).get()
        #expect(owners.contains("AAPL") && !owners.contains("KO"))

        let notHers = await AlertsReport.run(database: .sqlite(path: path), action: .remove("1"), json: false, user: "ann")
        #expect(notHers.failure?.exitCode == 1)
        let nobody = await AlertsReport.run(database: .sqlite(path: path), action: .list, json: false, user: "bob")
        #expect(nobody.failure?.exitCode == 1)
        #expect(nobody.failure?.message == "no one is named bob")
        #expect(try await AlertsReport.run(database: .sqlite(path: path), action: .list, json: false).get().contains("AAPL"))
    }
}
