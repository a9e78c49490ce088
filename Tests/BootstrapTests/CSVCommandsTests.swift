import BourseCore
import Foundation
import Storage
import TestSupport
import Testing

@testable import Bootstrap

/// `--csv` on `bourse orders`, `bourse watch list` and `bourse gnb`: the files Python's `csv`
/// module reads back, with the API exports' columns.
@Suite("CSV from the command line")
struct CSVCommandsTests {
    @Test func ordersOldestFirstWithTheStatusAndLimitChosen() async throws {
        let database = try TemporaryDatabase()
        let t0 = Date(timeIntervalSince1970: 1_763_820_000)
        try await DatabaseOrderStore(database: database.database).save(
            orders: [
                Order(
                    id: "1", request: try .market(.buy, quantity: 100), createdAt: t0, status: .filled, filledQuantity: 100,
                    filledTicks: 1_012_600),
                Order(
                    id: "2", request: try .limit(.sell, quantity: 50, price: Price(ticks: 10_300)),
                    createdAt: t0.addingTimeInterval(5)),
            ],
            fills: [])

        let all = try PythonCSV.read(
            Array(
                try await OrdersReport.run(
                    database: .sqlite(path: database.path), status: "all", limit: 50, json: false, csv: true
                ).get()
                    .utf8))
        #expect(all.rewritesIdentically)
        #expect(all.rows.first?.prefix(3) == ["id", "createdAt", "side"])
        #expect(
            all.rows.dropFirst().map { [$0[0], $0[5], $0[13], $0[15]] } == [
                ["1", "", "FILLED", "101.26"], ["2", "103.00", "PENDING", ""],
            ])

        let open = try PythonCSV.read(
            Array(
                try await OrdersReport.run(
                    database: .sqlite(path: database.path), status: "open", limit: 50, json: false, csv: true
                ).get()
                    .utf8))
        #expect(open.rows.dropFirst().map { $0[0] } == ["2"])
    }

    @Test func theWatchlistWithEachListingsNameAndExchange() async throws {
        let (path, folder) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await WatchlistReport.run(database: .sqlite(path: path), action: .add("KO"), json: false).get()
        let text = try await WatchlistReport.run(database: .sqlite(path: path), action: .add("AAPL"), json: false, csv: true)
            .get()
        let reading = try PythonCSV.read(Array(text.utf8))
        #expect(reading.rewritesIdentically)
        #expect(reading.rows.first == ["symbol", "name", "exchange"])
        #expect(reading.rows.dropFirst().map { $0[0] } == ["KO", "AAPL"])
        #expect(reading.rows.last?[1] == "Apple Inc.")
        #expect(reading.rows.dropFirst().allSatisfy { !$0[2].isEmpty })
    }

    @Test func gnbProductsAndOneProductsTransactionsWithHostileSKUs() async throws {
        let folder = try TemporaryFolder()
        let rates = folder.file("rates.json").path
        let transactions = folder.file("transactions.json").path
        try Data(#"[{"from":"USD","to":"EUR","rate":"0.736"}]"#.utf8).write(to: URL(fileURLWithPath: rates))
        try Data(
            #"[{"sku":"=1+2","amount":"10.00","currency":"USD"},{"sku":"-SUM","amount":"2.5","currency":"EUR"},{"sku":"ok,\"x\"","amount":"1","currency":"GBP"}]"#
                .utf8
        ).write(to: URL(fileURLWithPath: transactions))

        func run(_ sku: String?) async throws -> PythonCSV.Reading {
            let options = GNBReport.Options(
                sku: sku, rates: rates, transactions: transactions, currency: "EUR", json: false, csv: true)
            let reading = try PythonCSV.read(Array(try await GNBReport.run(options, environment: [:]).get().utf8))
            #expect(reading.rewritesIdentically)
            return reading
        }
        let products = try await run(nil)
        #expect(products.rows.first == ["sku", "transactions", "total", "currency", "unconvertible"])
        #expect(
            Set(products.rows.dropFirst().map { [$0[0], $0[2], $0[4]] }) == [
                ["'=1+2", "7.36", "0"], ["'-SUM", "2.50", "0"], ["ok,\"x\"", "", "1"],
            ])
        let lines = try await run("-SUM")
        #expect(lines.rows.dropFirst().map { [$0[0], $0[1], $0[3], $0[5]] } == [["'-SUM", "2.5", "2.50", "EUR"]])
    }
}
