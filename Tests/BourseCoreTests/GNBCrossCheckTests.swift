import Foundation
import Testing

@testable import BourseCore

/// Checks `Ledger` against scripts/gnb-reference.py, an independent implementation in Python.
@Suite("GNB cross-check with the Python reference")
struct GNBCrossCheckTests {
    @Test(
        "every SKU's total agrees to the cent",
        arguments: [
            ("kata-statement/rates.json", "kata-statement/transactions.json"),
            ("kata-statement/rates.xml", "kata-statement/transactions.xml"),
            ("herokuapp-dump-2020/rates_api_shape.json", "herokuapp-dump-2020/transactions_api_shape.json"),
            ("herokuapp-dump-2021/rates_api_shape.json", "herokuapp-dump-2021/transactions_api_shape.json"),
        ])
    func totalsAgree(ratesPath: String, transactionsPath: String) throws {
        let ratesBytes = try GNBFixture.data(ratesPath)
        let transactionsBytes = try GNBFixture.data(transactionsPath)
        let rates = try GNBParser.rates(ratesBytes, format: try #require(GNBParser.sniffFormat(ratesBytes)))
        let transactions = try GNBParser.transactions(
            transactionsBytes, format: try #require(GNBParser.sniffFormat(transactionsBytes)))

        let ledger = Ledger(transactions: transactions, rates: rates)
        let reference = try Self.reference(
            rates: GNBFixture.dataDirectory.appendingPathComponent(ratesPath).path,
            transactions: GNBFixture.dataDirectory.appendingPathComponent(transactionsPath).path)

        #expect(Set(reference.keys) == Set(ledger.products.map(\.sku)))
        for product in ledger.products {
            let expected = try #require(reference[product.sku], "the reference has no \(product.sku)")
            #expect(
                product.total == expected,
                "\(product.sku): Swift \(String(describing: product.total)), Python \(String(describing: expected))")
            #expect(product.total?.scale == 2)
        }
        #expect(ledger.products.allSatisfy { $0.total != nil }, "every currency in these sets has a path to EUR")
    }

    /// Runs the script; its JSON maps each SKU to a total string or null.
    static func reference(rates: String, transactions: String) throws -> [String: ExactDecimal?] {
        let python = try #require(findPython(), "python3 was not found on PATH; install python3 to run the GNB cross-check")
        let script = GNBFixture.repositoryRoot().appendingPathComponent("scripts/gnb-reference.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, rates, transactions]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "gnb-reference.py failed (\(process.terminationStatus)): \(errorText)")
        let document = try JSONReader.parse([UInt8](data))
        let members = try #require(document.objectValue, "gnb-reference.py did not print a JSON object")
        var totals: [String: ExactDecimal?] = [:]
        for (sku, value) in members {
            if value.isNull {
                totals[sku] = .some(nil)
            } else {
                let text = try #require(value.stringValue, "\(sku): expected a string total")
                totals[sku] = .some(try ExactDecimal(parsing: text))
            }
        }
        return totals
    }

    /// The first `python3` on PATH.
    static func findPython() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/python3"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
