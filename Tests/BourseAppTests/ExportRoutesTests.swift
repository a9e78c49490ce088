import BourseCore
import Foundation
import GNBData
import GNBDataLive
import GNBFeature
import Hummingbird
import HummingbirdTesting
import Logging
import MarketData
import TestSupport
import Testing

@testable import BourseApp

/// The CSV exports over the real stack, each read back by Python's `csv` module.
@Suite("CSV exports")
struct ExportRoutesTests {
    /// The response as Python reads it, after the download's headers are checked.
    static func download(
        _ client: some TestClientProtocol, _ uri: String, file: String
    ) async throws -> PythonCSV.Reading {
        let response = try await client.execute(uri: uri, method: .get)
        #expect(response.status == .ok, "\(uri)")
        #expect(response.headers[.contentType] == "text/csv; charset=utf-8; header=present")
        #expect(response.headers[.contentDisposition] == "attachment; filename=\"\(file)\"")
        let bytes = Array(buffer: response.body)
        #expect(bytes.suffix(2) == [13, 10], "the last record ends with CRLF")
        let reading = try PythonCSV.read(bytes)
        #expect(reading.rewritesIdentically, "\(uri): Python's csv.writer writes these rows otherwise")
        return reading
    }

    @Test func ordersAndFillsOldestFirstWithNumbersPlain() async throws {
        let fixture = try await ExchangeRoutesTests.fixture()
        try await fixture.app.test(.router) { client in
            await fixture.desk.handle(.state(.live))
            await fixture.desk.handle(.tick(try ExchangeRoutesTests.tick(1)))
            _ = try await ExchangeRoutesTests.post(client, #"{"side":"buy","type":"market","quantity":600}"#)
            _ = try await ExchangeRoutesTests.post(
                client, #"{"side":"sell","type":"trailing_stop","quantity":100,"trailPercent":"2.5","timeInForce":"gtc"}"#)
            _ = try await ExchangeRoutesTests.post(
                client, #"{"side":"buy","type":"limit","quantity":100,"price":"100.00","takeProfit":"105.00"}"#)

            let orders = try await Self.download(client, "/api/v1/orders.csv", file: "bourse-orders.csv")
            let header = try #require(orders.rows.first)
            #expect(header.prefix(6) == ["id", "createdAt", "side", "type", "quantity", "price"])
            let records = orders.rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
            #expect(records.map { $0["id"] } == ["1", "2", "3"])
            #expect(records[0]["status"] == "CANCELLED")
            #expect(records[0]["filledQuantity"] == "500")
            #expect(records[0]["averagePrice"] == "101.266")
            #expect(records[0]["reason"]?.contains("could not be filled") == true)
            #expect(records[1]["type"] == "trailing_stop")
            #expect(records[1]["trailPercent"] == "2.5")
            #expect(records[1]["timeInForce"] == "gtc")
            #expect(records[2]["price"] == "100.00")
            #expect(records[2]["takeProfit"] == "105.00")
            #expect(records[2]["stopLoss"] == "")
            #expect(records.allSatisfy { $0.count == header.count })

            let fills = try await Self.download(client, "/api/v1/fills.csv", file: "bourse-fills.csv")
            #expect(fills.rows.first == ["orderId", "time", "side", "price", "quantity", "value", "seq"])
            #expect(
                fills.rows.dropFirst().map { [$0[0], $0[2], $0[3], $0[4], $0[5], $0[6]] } == [
                    ["1", "buy", "101.26", "200", "20252.00", "1"],
                    ["1", "buy", "101.27", "300", "30381.00", "1"],
                ])
        }
    }

    @Test func anExchangeWithNoOrdersExportsTheHeaderAlone() async throws {
        let fixture = try await ExchangeRoutesTests.fixture()
        try await fixture.app.test(.router) { client in
            let orders = try await Self.download(client, "/api/v1/orders.csv", file: "bourse-orders.csv")
            #expect(orders.rows.count == 1)
            let fills = try await Self.download(client, "/api/v1/fills.csv", file: "bourse-fills.csv")
            #expect(fills.rows == [["orderId", "time", "side", "price", "quantity", "value", "seq"]])
        }
    }

    @Test func theWatchlistInItsOrderPricedLikeTheList() async throws {
        let live = try await LiveMarket.start()
        let (app, watchlist) = try WatchlistRoutesTests.app(live)
        try await watchlist.replace(with: ["MSFT", "AAPL"], for: .owner)
        try await app.test(.router) { client in
            let list = try json(try await client.execute(uri: "/api/v1/watchlist", method: .get))
            let priced = try #require(list["results"] as? [[String: Any]])
            let csv = try await Self.download(client, "/api/v1/watchlist.csv", file: "bourse-watchlist.csv")
            #expect(
                csv.rows.first == [
                    "symbol", "name", "exchange", "price", "change", "changePercent", "asOf", "stale", "fetchedAt",
                ])
            #expect(csv.rows.dropFirst().map { $0[0] } == ["MSFT", "AAPL"])
            #expect(csv.rows[2][1] == "Apple Inc.")
            // The same prices as the list's JSON, written as plain numbers.
            #expect(csv.rows.dropFirst().map { $0[3] } == priced.map { $0["price"] as? String })
            #expect(csv.rows.dropFirst().map { $0[5] } == priced.map { $0["changePercent"] as? String })
            #expect(csv.rows.dropFirst().allSatisfy { $0[7] == "false" })
        }
    }

    /// A GNB source that sends SKUs a spreadsheet would run as formulas, and one currency with
    /// no rate to EUR.
    /// Its files are in `folder`, removed when the answer goes away.
    static func hostileGNB() throws -> (catalog: GNBCatalog, folder: TemporaryFolder) {
        let folder = try TemporaryFolder()
        try Data(#"[{"from":"USD","to":"EUR","rate":"0.736"},{"from":"EUR","to":"USD","rate":"1.359"}]"#.utf8)
            .write(to: folder.file("rates.json"))
        let transactions = #"""
            [
             {"sku": "=HYPERLINK(\"http://evil.example\",\"x\")", "amount": "10.00", "currency": "USD"},
             {"sku": "-SUM", "amount": "1.005", "currency": "EUR"},
             {"sku": "-SUM", "amount": "2.00", "currency": "USD"},
             {"sku": "@cmd", "amount": "3.00", "currency": "JPY"},
             {"sku": "a,b \"c\"\r\nd", "amount": "4.00", "currency": "EUR"},
             {"sku": "+1", "amount": "5.00", "currency": "EUR"}
            ]
            """#
        try Data(transactions.utf8).write(to: folder.file("transactions.json"))
        let catalog = GNBCatalog(
            client: GNBClient(accept: .json, logger: Logger(label: "test")),
            sources: GNBSources(
                rates: .file(folder.file("rates.json").path), transactions: .file(folder.file("transactions.json").path)))
        return (catalog, folder)
    }

    @Test func gnbProductsWithHostileSKUsAreGuardedAndReadBackAsSent() async throws {
        let gnb = try Self.hostileGNB()
        let market = Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })
        let app = Application(router: buildRouter(AppFeatures(market: market, gnb: gnb.catalog)))
        try await app.test(.router) { client in
            let json = try json(try await client.execute(uri: "/api/v1/gnb/products", method: .get))
            let products = try #require(json["products"] as? [[String: Any]])
            let csv = try await Self.download(client, "/api/v1/gnb/products.csv", file: "gnb-products.csv")
            #expect(csv.rows.first == ["sku", "transactions", "total", "currency", "unconvertible"])
            let rows = Array(csv.rows.dropFirst())
            #expect(rows.count == products.count)
            // Each SKU as the source sent it, a formula's start behind a quote.
            let skus = products.compactMap { $0["sku"] as? String }
            #expect(rows.map { $0[0] } == skus.map { "=+-@".contains($0.first!) ? "'" + $0 : $0 })
            #expect(rows.contains { $0[0] == "a,b \"c\"\r\nd" })
            let bySKU = Dictionary(uniqueKeysWithValues: rows.map { ($0[0], $0) })
            #expect(bySKU["'-SUM"]?[1] == "2")
            #expect(bySKU["'-SUM"]?[2] == products.first { $0["sku"] as? String == "-SUM" }?["total"] as? String)
            #expect(bySKU["'@cmd"]?[2] == "", "no rate from JPY: no total")
            #expect(bySKU["'@cmd"]?[4] == "1")

            let lines = try await Self.download(
                client, "/api/v1/gnb/products/-SUM/transactions.csv?currency=USD", file: "gnb--SUM-transactions.csv")
            #expect(lines.rows.first == ["sku", "amount", "currency", "converted", "convertedCurrency", "path", "error"])
            #expect(
                lines.rows.dropFirst().map { [$0[0], $0[1], $0[2], $0[4], $0[5]] } == [
                    ["'-SUM", "1.005", "EUR", "USD", "EUR>USD"],
                    ["'-SUM", "2.00", "USD", "USD", "USD"],
                ])

            let unknown = try await client.execute(uri: "/api/v1/gnb/products/NOPE/transactions.csv", method: .get)
            #expect(unknown.status == .notFound)
            let invalid = try await client.execute(uri: "/api/v1/gnb/products/a%20b/transactions.csv", method: .get)
            #expect(invalid.status == .badRequest)
        }
    }

    @Test func randomTablesReadBackCellForCell() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [String] = [
            "a", "Z", "0", ",", "\"", "\r", "\n", "\r\n", "=", "+", "-", "@", "\t", " ", "é", "✓", "'", ";",
        ]
        for _ in 0..<20 {
            var table = CSVExport(header: ["one", "two", "three"])
            var expected: [[String]] = [["one", "two", "three"]]
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                var row: [CSVCell] = []
                var texts: [String] = []
                for _ in 0..<3 {
                    let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    }.joined()
                    row.append(.text(text))
                    let guarded = text.unicodeScalars.first.map { "=+-@\t\r".unicodeScalars.contains($0) } == true
                    texts.append(guarded ? "'" + text : text)
                }
                table.append(row)
                expected.append(texts)
            }
            let reading = try PythonCSV.read(Array(table.text.utf8))
            #expect(reading.rows == expected)
            #expect(reading.rewritesIdentically)
        }
    }
}
