import BourseCore
import Exchange
import Foundation
import Storage
import TestSupport
import Testing

@testable import Bootstrap
@testable import BourseApp

/// `bourse orders`: the order history read from the database file.
@Suite("Orders command")
struct OrdersReportTests {
    @Test func listsTheOrdersNewestFirstAsATableAndAsJSON() async throws {
        let database = try TemporaryDatabase()
        let path = database.path
        let store = DatabaseOrderStore(database: database.database)
        let t0 = Date(timeIntervalSince1970: 1_763_820_000)
        try await store.save(
            orders: [
                Order(
                    id: "1", request: try .market(.buy, quantity: 100), createdAt: t0, status: .filled, filledQuantity: 100,
                    filledTicks: 1_012_600),
                Order(
                    id: "2", request: try .limit(.sell, quantity: 50, price: Price(ticks: 10_300)),
                    createdAt: t0.addingTimeInterval(5)),
            ],
            fills: [Fill(orderID: "1", seq: 4, time: t0, side: .buy, price: Price(ticks: 10_126), quantity: 100)])

        let text = try await OrdersReport.run(databasePath: path, status: "all", limit: 50, json: false).get()
        let json = try await OrdersReport.run(databasePath: path, status: "open", limit: 50, json: true).get()

        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("ID"))
        #expect(lines[1].contains("sell") && lines[1].contains("103.00") && lines[1].contains("PENDING"))
        #expect(lines[2].contains("buy") && lines[2].contains("101.26") && lines[2].contains("FILLED"))
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((document["orders"] as? [[String: Any]])?.map { $0["id"] as? String } == ["2"])
    }

    @Test(arguments: [("all", 0, 64), ("maybe", 10, 64)])
    func badArgumentsAreRefused(status: String, limit: Int, exitCode: Int32) async {
        guard
            case .failure(let failure) = await OrdersReport.run(
                databasePath: "x.sqlite", status: status, limit: limit, json: false)
        else {
            Issue.record("bad arguments were accepted")
            return
        }
        #expect(failure.exitCode == exitCode)
    }

    @Test func aMissingDatabaseIsNotCreated() async {
        let path = "/tmp/bourse-missing-\(UUID().uuidString).sqlite"
        guard case .failure(let failure) = await OrdersReport.run(databasePath: path, status: "all", limit: 10, json: false)
        else {
            Issue.record("a missing database was read")
            return
        }
        #expect(failure.message.contains("no database at"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
