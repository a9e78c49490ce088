import Testing

@testable import BourseCore

@Suite("GNB rate graph")
struct GNBRateGraphTests {
    typealias F = GNBFixture

    static func route(_ rates: [Rate], from: String, to target: String = "EUR") -> [String]? {
        RateGraph(rates: rates).table(to: F.code(target)).path(from: F.code(from))?.currencies.map(\.rawValue)
    }

    @Test func directRateIsUsed() throws {
        let table = RateGraph(rates: [F.rate("USD", "EUR", "0.736")]).table(to: .eur)

        let path = try #require(table.path(from: F.code("USD")))

        #expect(path.hops == [ConversionHop(from: F.code("USD"), to: .eur, rate: "0.736", inverted: false)])
        #expect(path.isDirect)
    }

    @Test func reverseRateIsInverted() throws {
        let table = RateGraph(rates: [F.rate("EUR", "USD", "1.359")]).table(to: .eur)

        let path = try #require(table.path(from: F.code("USD")))

        #expect(path.hops == [ConversionHop(from: F.code("USD"), to: .eur, rate: "1.359", inverted: true)])
        #expect(try table.convert("10.00", from: F.code("USD")).get().amount == "7.36")  // 7.358...
    }

    @Test func givenReverseIsNeverInvertedWhenTheForwardIsGiven() throws {
        // EUR -> USD is given, so no inverted USD -> EUR edge competes with the given USD -> EUR.
        let rates = [F.rate("EUR", "USD", "2"), F.rate("USD", "EUR", "0.736")]

        let path = try #require(RateGraph(rates: rates).table(to: .eur).path(from: F.code("USD")))

        #expect(path.hops.map(\.rate) == ["0.736"])
        #expect(path.invertedCount == 0)
    }

    @Test func twoAndThreeHops() throws {
        let rates = [F.rate("AAA", "BBB", "2"), F.rate("BBB", "CCC", "3"), F.rate("CCC", "EUR", "0.5")]

        #expect(Self.route(rates, from: "BBB") == ["BBB", "CCC", "EUR"])
        #expect(Self.route(rates, from: "AAA") == ["AAA", "BBB", "CCC", "EUR"])
        let table = RateGraph(rates: rates).table(to: .eur)
        // 1 × 2 = 2.00, × 3 = 6.00, × 0.5 = 3.00.
        #expect(try table.convert("1", from: F.code("AAA")).get().amount == "3.00")
    }

    @Test func mixedDirectionsAreFollowed() throws {
        // AAA -> EUR only through BBB, against the given EUR -> BBB.
        let rates = [F.rate("AAA", "BBB", "4"), F.rate("EUR", "BBB", "2")]
        let table = RateGraph(rates: rates).table(to: .eur)

        let converted = try table.convert("1.25", from: F.code("AAA")).get()

        #expect(converted.path.currencies.map(\.rawValue) == ["AAA", "BBB", "EUR"])
        #expect(converted.path.hops.map(\.inverted) == [false, true])
        #expect(converted.amount == "2.50")  // 1.25 × 4 = 5.00, ÷ 2 = 2.50
    }

    @Test func givenRateWinsOverInconsistentDerivedOnes() throws {
        // Through BBB, AAA would be worth 10 × 10 = 100 EUR; the given AAA -> EUR says 0.01.
        let rates = [F.rate("AAA", "BBB", "10"), F.rate("BBB", "EUR", "10"), F.rate("AAA", "EUR", "0.01")]
        let table = RateGraph(rates: rates).table(to: .eur)

        let converted = try table.convert("100", from: F.code("AAA")).get()

        #expect(converted.path.currencies.map(\.rawValue) == ["AAA", "EUR"])
        #expect(converted.amount == "1.00")
    }

    @Test func givenRateWinsOverAnInvertedOneOfTheOtherDirection() throws {
        // A direct given rate is used even if a cheaper-looking inverted pair disagrees with it.
        let rates = [F.rate("EUR", "AAA", "3"), F.rate("AAA", "EUR", "0.5")]

        let path = try #require(RateGraph(rates: rates).table(to: .eur).path(from: F.code("AAA")))

        #expect(path.isDirect)
        #expect(path.hops[0].rate == "0.5")
    }

    @Test func fewerConversionsWinOverGivenLongerPaths() throws {
        // Two-hop given path vs one inverted hop: the fewest conversions wins.
        let rates = [F.rate("AAA", "BBB", "2"), F.rate("BBB", "EUR", "2"), F.rate("EUR", "AAA", "4")]

        let path = try #require(RateGraph(rates: rates).table(to: .eur).path(from: F.code("AAA")))

        #expect(path.currencies.map(\.rawValue) == ["AAA", "EUR"])
        #expect(path.hops.map(\.inverted) == [true])
    }

    @Test func tieBrokenByFewerInvertedHops() throws {
        // AAA -> ZZZ -> EUR all given; AAA -> BBB -> EUR needs an inversion. BBB sorts first, yet ZZZ wins.
        let rates = [
            F.rate("AAA", "BBB", "1"), F.rate("EUR", "BBB", "1"),
            F.rate("AAA", "ZZZ", "1"), F.rate("ZZZ", "EUR", "1"),
        ]

        #expect(Self.route(rates, from: "AAA") == ["AAA", "ZZZ", "EUR"])
    }

    @Test func tieBrokenByTheSmallestCurrencySequence() throws {
        // Two given two-hop paths, both with no inversion: through CCC beats through DDD, whatever the order given.
        let forward = [
            F.rate("AAA", "DDD", "2"), F.rate("DDD", "EUR", "2"),
            F.rate("AAA", "CCC", "3"), F.rate("CCC", "EUR", "3"),
        ]

        #expect(Self.route(forward, from: "AAA") == ["AAA", "CCC", "EUR"])
        #expect(Self.route(forward.reversed(), from: "AAA") == ["AAA", "CCC", "EUR"])
    }

    @Test func sequenceTieLooksBeyondTheFirstStep() throws {
        // Three hops via BBB -> YYY or BBB -> XXX: the later currency decides.
        let rates = [
            F.rate("AAA", "BBB", "1"), F.rate("BBB", "YYY", "1"), F.rate("YYY", "EUR", "1"),
            F.rate("BBB", "XXX", "1"), F.rate("XXX", "EUR", "1"),
        ]

        #expect(Self.route(rates, from: "AAA") == ["AAA", "BBB", "XXX", "EUR"])
    }

    @Test func unreachableCurrencyHasNoPath() throws {
        let rates = [F.rate("USD", "EUR", "0.9"), F.rate("JPY", "CNY", "0.05")]
        let table = RateGraph(rates: rates).table(to: .eur)

        #expect(table.path(from: F.code("JPY")) == nil)
        #expect(table.path(from: F.code("GBP")) == nil)  // not in any rate
        #expect(table.convert("10", from: F.code("JPY")) == .failure(.noPath(from: F.code("JPY"), to: .eur)))
        #expect(table.reachable.map(\.rawValue) == ["EUR", "USD"])
    }

    @Test func unreachableTransactionsAreNeverCounted() throws {
        let transactions = [
            F.transaction("P1", "10.00", "EUR"), F.transaction("P1", "5.00", "JPY"),
            F.transaction("P2", "1.00", "USD"), F.transaction("P3", "3.00", "GBP"),
        ]

        let ledger = Ledger(transactions: transactions, rates: [F.rate("USD", "EUR", "0.9")])

        #expect(
            ledger.products == [
                ProductSummary(sku: "P1", count: 2, total: nil, unconvertible: 1),
                ProductSummary(sku: "P2", count: 1, total: "0.90", unconvertible: 0),
                ProductSummary(sku: "P3", count: 1, total: nil, unconvertible: 1),
            ])
        let detail = try #require(ledger.product("P1"))
        #expect(
            detail.lines.map(\.result) == [
                .success(ConvertedAmount(amount: "10.00", path: ConversionPath(currencies: [.eur], hops: []))),
                .failure(.noPath(from: F.code("JPY"), to: .eur)),
            ])
        #expect(ledger.product("NOPE") == nil)
    }

    @Test func cyclesAreHarmless() throws {
        // AAA <-> BBB <-> CCC loop, with CCC -> EUR the only way out.
        let rates = [
            F.rate("AAA", "BBB", "2"), F.rate("BBB", "AAA", "0.5"), F.rate("BBB", "CCC", "2"),
            F.rate("CCC", "BBB", "0.5"), F.rate("CCC", "AAA", "0.25"), F.rate("AAA", "CCC", "4"),
            F.rate("CCC", "EUR", "0.1"),
        ]
        let table = RateGraph(rates: rates).table(to: .eur)

        #expect(table.path(from: F.code("AAA"))?.currencies.map(\.rawValue) == ["AAA", "CCC", "EUR"])
        #expect(table.path(from: F.code("BBB"))?.currencies.map(\.rawValue) == ["BBB", "CCC", "EUR"])
        #expect(table.path(from: F.code("XYZ")) == nil)
    }

    @Test func ignoredRates() throws {
        // Self rates, rates <= 0 and repeated pairs (first wins) do not change the graph.
        let rates = [
            F.rate("EUR", "EUR", "2"), F.rate("AAA", "EUR", "0"), F.rate("BBB", "EUR", "-1"),
            F.rate("CCC", "EUR", "0.5"), F.rate("CCC", "EUR", "0.7"),
        ]
        let table = RateGraph(rates: rates).table(to: .eur)

        #expect(table.path(from: F.code("AAA")) == nil)
        #expect(table.path(from: F.code("BBB")) == nil)
        #expect(table.path(from: F.code("CCC"))?.hops.map(\.rate) == ["0.5"])
        #expect(try table.convert("7.63", from: .eur).get().amount == "7.63")
    }

    @Test func tablesForOtherTargets() throws {
        let rates = [F.rate("EUR", "USD", "1.359"), F.rate("CAD", "EUR", "0.732")]

        #expect(Self.route(rates, from: "CAD", to: "USD") == ["CAD", "EUR", "USD"])
        #expect(Self.route(rates, from: "USD", to: "CAD") == ["USD", "EUR", "CAD"])
    }
}
