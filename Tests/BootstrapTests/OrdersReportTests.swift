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

        let text = try await OrdersReport.run(database: .sqlite(path: path), status: "all", limit: 50, json: false).get()
        let json = try await OrdersReport.run(database: .sqlite(path: path), status: "open", limit: 50, json: true).get()

        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("ID"))
        #expect(lines[1].contains("sell") && lines[1].contains("103.00") && lines[1].contains("PENDING"))
        #expect(lines[2].contains("buy") && lines[2].contains("101.26") && lines[2].contains("FILLED"))
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((document["orders"] as? [[String: Any]])?.map { $0["id"] as? String } == ["2"])
    }

    /// SPEC §14: the owner's orders unless `--user` names another person; a name no one has is
    /// one line and exit 1.
    @Test func listsOnePersonsOrders() async throws {
        let database = try TemporaryDatabase()
        let ann = try await database.database.addPerson("ann")
        let store = DatabaseOrderStore(database: database.database)
        let t0 = Date(timeIntervalSince1970: 1_763_820_000)
        let request = try OrderRequest.limit(.buy, quantity: 5, price: Price(ticks: 9_000))
        try await store.save(
            orders: [
                Order(id: "1", request: request, createdAt: t0), Order(id: "2", account: ann, request: request, createdAt: t0),
            ], fills: [])

        let owners = try await OrdersReport.run(database: .sqlite(path: database.path), status: "all", limit: 50, json: true)
            .get()
        let anns = try await OrdersReport.run(
            database: .sqlite(path: database.path), status: "open", limit: 50, json: true, user: "ann"
        ).get()
        func ids(_ json: String) throws -> [String?] {
            let document = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return try #require(document["orders"] as? [[String: Any]]).map { $0["id"] as? String }
        }
        #expect(try ids(owners) == ["1"])
        #expect(try ids(anns) == ["2"])
        let nobody = await OrdersReport.run(
            database: .sqlite(path: database.path), status: "all", limit: 50, json: false, user: "zed")
        guard case .failure(let failure) = nobody else {
            Issue.record("a name no one has was listed")
            return
        }
        #expect(failure.exitCode == 1 && failure.message.contains("zed"))
    }

    @Test func showsEachTypesStopLevelTimeInForceAndDetail() async throws {
        let database = try TemporaryDatabase()
        let store = DatabaseOrderStore(database: database.database)
        let t0 = Date(timeIntervalSince1970: 1_763_820_000)
        let bracket = try #require(Bracket(takeProfit: Price(ticks: 10_500), stopLoss: Price(ticks: 9_500)))
        let trailing = try OrderRequest(side: .sell, kind: .trailingStop(.amount(Price(ticks: 100))), quantity: 40)
        try await store.save(
            orders: [
                Order(
                    id: "1", request: try .limit(.buy, quantity: 100, price: Price(ticks: 10_000), bracket: bracket),
                    createdAt: t0, status: .filled, filledQuantity: 100, filledTicks: 1_000_000),
                Order(
                    id: "1.sl", side: .sell, kind: .stop(Price(ticks: 9_500)), quantity: 100, timeInForce: .gtc, bracket: nil,
                    parentID: "1", createdAt: t0.addingTimeInterval(1), status: .pending),
                Order(
                    id: "2", side: .sell, kind: trailing.kind, quantity: 40, timeInForce: .day, bracket: nil, parentID: nil,
                    createdAt: t0.addingTimeInterval(2), status: .filled, filledQuantity: 40, filledTicks: 404_000,
                    triggered: true, triggerPrice: Price(ticks: 10_110), trailReference: Price(ticks: 10_210)),
            ], fills: [])

        let lines = try await OrdersReport.run(database: .sqlite(path: database.path), status: "all", limit: 50, json: false)
            .get()
            .split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }

        #expect(lines[0] == "ID TIME (UTC) SIDE TYPE QTY LIMIT STOP TIF FILLED AVG PRICE STATUS DETAIL REASON")
        #expect(
            lines.dropFirst().contains {
                $0.hasPrefix("2 ")
                    && $0.hasSuffix(
                        "sell trailing_stop 40 - 101.10 day 40 101.00 FILLED trail 1.00; triggered at 101.10")
            })
        #expect(
            lines.dropFirst().contains {
                $0.hasPrefix("1.sl ") && $0.hasSuffix("sell stop 100 - 95.00 gtc 0 - PENDING exit of 1")
            })
        #expect(
            lines.dropFirst().contains {
                $0.hasPrefix("1 ")
                    && $0.hasSuffix(
                        "buy limit 100 100.00 - gtc 100 100.00 FILLED exits 1.tp at 105.00, 1.sl at 95.00")
            })
    }

    @Test(arguments: [("all", 0, 64), ("maybe", 10, 64)])
    func badArgumentsAreRefused(status: String, limit: Int, exitCode: Int32) async {
        guard
            case .failure(let failure) = await OrdersReport.run(
                database: .sqlite(path: "x.sqlite"), status: status, limit: limit, json: false)
        else {
            Issue.record("bad arguments were accepted")
            return
        }
        #expect(failure.exitCode == exitCode)
    }

    @Test func aMissingDatabaseIsNotCreated() async throws {
        // In a folder that exists, so that nothing but the command stops the file being made.
        let folder = try TemporaryFolder()
        let path = folder.file("bourse.sqlite").path
        guard
            case .failure(let failure) = await OrdersReport.run(
                database: .sqlite(path: path), status: "all", limit: 10, json: false)
        else {
            Issue.record("a missing database was read")
            return
        }
        #expect(failure.message.contains("no database at"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
