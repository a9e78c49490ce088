import Testing

@testable import BourseCore

@Suite("GNB statement example")
struct GNBStatementTests {
    @Test("T2006 totals exactly 14.99 EUR", arguments: GNBFormat.allCases)
    func t2006(format: GNBFormat) throws {
        let rates = try GNBParser.rates(GNBFixture.data("kata-statement/rates.\(format.rawValue)"), format: format)
        let transactions = try GNBParser.transactions(
            GNBFixture.data("kata-statement/transactions.\(format.rawValue)"), format: format)

        let ledger = Ledger(transactions: transactions, rates: rates)

        #expect(rates.count == 4)
        #expect(transactions.count == 5)
        let detail = try #require(ledger.product("T2006"))
        #expect(detail.total == "14.99")
        #expect(detail.total?.description == "14.99")
        #expect(detail.lines.map { try? $0.result.get().amount } == ["7.36", "7.63"])
        #expect(ledger.products.map(\.sku) == ["B2009", "M2007", "R2008", "T2006"])
        #expect(ledger.products.map(\.count) == [1, 1, 1, 2])
        #expect(ledger.products.allSatisfy { $0.unconvertible == 0 && $0.total != nil })
    }

    @Test("the JSON and XML statements hold the same records")
    func sameRecords() throws {
        let jsonRates = try GNBParser.rates(GNBFixture.data("kata-statement/rates.json"), format: .json)
        let xmlRates = try GNBParser.rates(GNBFixture.data("kata-statement/rates.xml"), format: .xml)
        let jsonTransactions = try GNBParser.transactions(GNBFixture.data("kata-statement/transactions.json"), format: .json)
        let xmlTransactions = try GNBParser.transactions(GNBFixture.data("kata-statement/transactions.xml"), format: .xml)

        #expect(jsonRates == xmlRates)
        #expect(jsonTransactions == xmlTransactions)
        #expect(jsonTransactions.first == GNBFixture.transaction("T2006", "10.00", "USD"))
    }

    @Test("USD to CAD is derived through EUR")
    func usdToCAD() throws {
        let rates = try GNBParser.rates(GNBFixture.data("kata-statement/rates.json"), format: .json)

        let table = RateGraph(rates: rates).table(to: GNBFixture.code("CAD"))
        let path = try #require(table.path(from: GNBFixture.code("USD")))

        #expect(path.currencies.map(\.rawValue) == ["USD", "EUR", "CAD"])
        #expect(path.hops.map(\.inverted) == [false, false])
        // 10.00 × 0.736 = 7.36, then 7.36 × 1.366 = 10.05376 -> 10.05.
        #expect(try table.convert("10.00", from: GNBFixture.code("USD")).get().amount == "10.05")
    }
}
