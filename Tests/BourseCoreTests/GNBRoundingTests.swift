import Testing

@testable import BourseCore

@Suite("GNB conversion rounding")
struct GNBRoundingTests {
    /// One given rate XXX -> EUR.
    static func table(rate: ExactDecimal) -> ConversionTable {
        RateGraph(rates: [GNBFixture.rate("XXX", "EUR", rate)]).table(to: .eur)
    }

    @Test(
        "a multiplying hop rounds half-even to cents",
        arguments: [
            // (amount, rate, expected)
            ("1", "0.125", "0.12"), ("1", "0.135", "0.14"), ("1", "0.145", "0.14"), ("1", "0.155", "0.16"),
            ("-1", "0.125", "-0.12"), ("-1", "0.135", "-0.14"), ("-0.5", "0.01", "0.00"), ("-1.5", "0.01", "-0.02"),
            ("2.5", "0.001", "0.00"), ("7.5", "0.001", "0.01"), ("0.5", "0.01", "0.00"), ("1.5", "0.01", "0.02"),
            ("0.125", "1", "0.12"), ("0.135", "1", "0.14"), ("1", "0.1251", "0.13"), ("1", "0.1249", "0.12"),
            ("10.00", "0.736", "7.36"), ("34.57", "0.732", "25.31"), ("17.95", "0.736", "13.21"),
            ("21.23", "0.736", "15.63"), ("1000", "0.000005", "0.00"), ("3000", "0.000005", "0.02"),
            ("100", "2", "200.00"), ("0", "0.5", "0.00"),
        ])
    func multiply(amount: String, rate: String, expected: String) throws {
        let converted = try Self.table(rate: ExactDecimal(parsing: rate))
            .convert(ExactDecimal(parsing: amount), from: GNBFixture.code("XXX")).get()

        #expect(converted.amount.description == expected)
        #expect(converted.amount.scale == 2)
    }

    @Test(
        "an inverted hop divides straight to cents, half-even",
        arguments: [
            // (amount, given EUR -> XXX rate, expected XXX -> EUR)
            ("0.25", "2", "0.12"), ("0.27", "2", "0.14"), ("-0.25", "2", "-0.12"), ("-0.27", "2", "-0.14"),
            ("1", "8", "0.12"), ("3", "8", "0.38"), ("1", "3", "0.33"), ("2", "3", "0.67"),
            ("10.00", "1.359", "7.36"), ("0.05", "10", "0.00"), ("0.15", "10", "0.02"),
            // 1/7 rounded to cents first would give 0.14 -> 10 × 0.14 = 1.40; the exact quotient is 1.428...
            ("10", "7", "1.43"), ("100", "0.001", "100000.00"),
            // A rounded reciprocal (1/3 ≈ 0.3333, 1/1.359 ≈ 0.7358) would give 333.30 and 9083.94.
            ("1000", "3", "333.33"), ("12345.67", "1.359", "9084.38"),
        ])
    func divide(amount: String, rate: String, expected: String) throws {
        let table = try RateGraph(rates: [GNBFixture.rate("EUR", "XXX", ExactDecimal(parsing: rate))]).table(to: .eur)

        let converted = try table.convert(ExactDecimal(parsing: amount), from: GNBFixture.code("XXX")).get()

        #expect(converted.path.hops.map(\.inverted) == [true])
        #expect(converted.amount.description == expected)
    }

    @Test(
        "a two-hop path rounds after each hop",
        arguments: [
            // (amount, AAA -> BBB, BBB -> EUR, expected, what rounding only once would give)
            ("1", "0.125", "1.5", "0.18", "0.19"),  // 0.125 -> 0.12, × 1.5 = 0.18 (not 0.1875 -> 0.19)
            ("1", "0.135", "1.5", "0.21", "0.20"),  // 0.135 -> 0.14, × 1.5 = 0.21 (not 0.2025 -> 0.20)
            ("10", "0.0125", "0.5", "0.06", "0.06"),  // 0.125 -> 0.12, × 0.5 = 0.06
            ("10", "0.0135", "0.5", "0.07", "0.07"),  // 0.135 -> 0.14, × 0.5 = 0.07
            ("-1", "0.125", "1.5", "-0.18", "-0.19"),
        ])
    func twoHops(amount: String, first: String, second: String, expected: String, roundedOnce: String) throws {
        let rates = try [
            GNBFixture.rate("AAA", "BBB", ExactDecimal(parsing: first)),
            GNBFixture.rate("BBB", "EUR", ExactDecimal(parsing: second)),
        ]
        let table = RateGraph(rates: rates).table(to: .eur)

        let converted = try table.convert(ExactDecimal(parsing: amount), from: GNBFixture.code("AAA")).get()

        #expect(converted.path.currencies.map(\.rawValue) == ["AAA", "BBB", "EUR"])
        #expect(converted.amount.description == expected)
        let once = try ExactDecimal(parsing: amount) * ExactDecimal(parsing: first) * ExactDecimal(parsing: second)
        #expect(once.rounded(toPlaces: 2, .halfEven).description == roundedOnce)
    }

    @Test(
        "EUR to EUR is the amount rounded half-even to cents",
        arguments: [
            ("7.63", "7.63"), ("10", "10.00"), ("0.125", "0.12"), ("0.135", "0.14"), ("-0.125", "-0.12"), ("-2.5", "-2.50"),
        ])
    func sameCurrency(amount: String, expected: String) throws {
        let table = RateGraph(rates: []).table(to: .eur)

        let converted = try table.convert(ExactDecimal(parsing: amount), from: .eur).get()

        #expect(converted.amount.description == expected)
        #expect(converted.path == ConversionPath(currencies: [.eur], hops: []))
    }

    @Test(
        "a result beyond 38 digits is .overflow, not a crash",
        arguments: [
            ("10000000000000000000000000000000000000", "1000", false),
            ("10000000000000000000000000000000000000", "1", false),  // cannot carry two places
            ("10000000000000000000000000000000000000", "0.001", true),
            ("0.00000000000000000000000000000000000001", "0.0000001", false),  // too precise to multiply
        ])
    func overflow(amount: String, rate: String, inverted: Bool) throws {
        let given = try ExactDecimal(parsing: rate)
        let table = RateGraph(rates: [inverted ? GNBFixture.rate("EUR", "XXX", given) : GNBFixture.rate("XXX", "EUR", given)])
            .table(to: .eur)

        let result = try table.convert(ExactDecimal(parsing: amount), from: GNBFixture.code("XXX"))

        #expect(result == .failure(.overflow))
    }

    @Test("a total is the exact sum of the rounded amounts")
    func totalOfRounded() throws {
        // Each 1 × 0.125 rounds to 0.12; three of them total 0.36, not 0.375 -> 0.38.
        let transactions = (0..<3).map { _ in GNBFixture.transaction("S1", "1", "XXX") }

        let ledger = Ledger(transactions: transactions, rates: [GNBFixture.rate("XXX", "EUR", "0.125")])

        #expect(ledger.product("S1")?.total?.description == "0.36")
    }
}
