import Testing

@testable import BourseCore

@Suite("GNB totals: the 64-bit conversion and the SKU index agree with the general path")
struct GNBCentsConversionTests {
    typealias F = GNBFixture

    /// A path of `rates` hops from AAA through BBB, CCC… to EUR; each (rate, inverted).
    static func path(_ rates: [(ExactDecimal, Bool)]) -> ConversionPath {
        let codes = ["AAA", "BBB", "CCC", "DDD"].prefix(rates.count).map(F.code) + [.eur]
        let hops = rates.indices.map { i in
            ConversionHop(from: codes[i], to: codes[i + 1], rate: rates[i].0, inverted: rates[i].1)
        }
        return ConversionPath(currencies: codes, hops: hops)
    }

    /// The fast cents, or nil when they do not fit; and the general path's cents, or nil on overflow.
    static func both(_ amount: ExactDecimal, _ path: ConversionPath) -> (fast: Int64?, general: Int128?) {
        let general = ConversionTable.convert(amount, along: path)?.significand
        guard let hops = CentsConversion.hops(of: path) else { return (nil, general) }
        let fast = hops.withUnsafeBufferPointer { CentsConversion.cents(amount, along: $0) }
        return (fast, general)
    }

    @Test(
        "edge cases: ties, negatives, values near 2^63, scales past 18",
        arguments: [
            // (amount, [(rate, inverted)], whether 64 bits suffice)
            ("0.125", [], true), ("-0.135", [], true), ("10", [], true), ("92233720368547758", [], true),
            ("92233720368547759", [], false), ("9223372036854775807", [], false), ("-9223372036854775.808", [], true),
            ("1", [("0.125", false)], true), ("-1", [("0.135", false)], true), ("-1.5", [("0.01", false)], true),
            ("1", [("0.125", false), ("1.5", false)], true), ("-1", [("0.125", false), ("1.5", false)], true),
            ("0.25", [("2", true)], true), ("-0.27", [("2", true)], true), ("10", [("7", true)], true),
            ("12345.67", [("1.359", true)], true), ("1", [("1.49", false), ("0.95", true)], true),
            ("9223372036854775.807", [("1", false)], true), ("9223372036854775.807", [("2", false)], false),
            ("-9223372036854775.808", [("1", true)], true), ("92233720368547758.07", [("1", true)], true),
            ("92233720368547758.07", [("1.0", true)], false),
            ("0.00000000000000000005", [("1", false)], true), ("0.000000000000000000005", [("1", false)], false),
            ("1", [("0.00000000000000000001", true)], false), ("100000000000000000000", [("0.001", true)], false),
            ("0.00000000000000000000000000000000000001", [("0.0000001", false)], false),
            ("10000000000000000000000000000000000000", [("1000", false)], false),
        ])
    func edges(amount: String, rates: [(String, Bool)], fits: Bool) throws {
        let path = Self.path(try rates.map { (try ExactDecimal(parsing: $0.0), $0.1) })

        let (fast, general) = Self.both(try ExactDecimal(parsing: amount), path)

        #expect((fast != nil) == fits)
        if let fast { #expect(Int128(fast) == general) }
    }

    @Test("seeded random amounts and paths: the fast cents are the general path's whenever they fit")
    func random() {
        var random = SeededGenerator(seed: 12)
        var fitted = 0
        for _ in 0..<20_000 {
            // Amounts of up to 9 or 18 digits, up to 64 bits, and beyond.
            let wide = Int128(Int64.random(in: -Int64.max...Int64.max, using: &random))
            let significand = [wide % Self.pow10(9), wide % Self.pow10(18), wide, wide * 12_345_678_901]
                .randomElement(using: &random)!
            let amount = ExactDecimal(significand: significand, scale: Int.random(in: 0...20, using: &random))
            let rates = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                let digits = Int128(UInt64.random(in: 1...999_999, using: &random))
                // Rates of up to 6 digits, up to 18, and beyond 64 bits.
                let rate = ExactDecimal(
                    significand: digits * Self.pow10([0, 0, 12, 15].randomElement(using: &random)!),
                    scale: Int.random(in: 0...12, using: &random))
                return (rate, Bool.random(using: &random))
            }
            let path = Self.path(rates)

            let (fast, general) = Self.both(amount, path)

            if let fast {
                fitted += 1
                #expect(Int128(fast) == general, "\(amount) along \(rates)")
            }
        }
        #expect(fitted > 5_000)
    }

    static func pow10(_ exponent: Int) -> Int128 { ExactDecimal.powersOfTen[exponent] }

    @Test("a ledger's totals match its products' lines, whichever way each amount converts")
    func ledgerMixesPaths() {
        let rates = [F.rate("AUD", "USD", "1.49"), F.rate("USD", "EUR", "0.95")]
        let transactions = [
            // The second amount is beyond 64 bits (the general path); T4's overflows at 38 digits.
            F.transaction("T1", "10.5", "AUD"), F.transaction("T1", "12345678901234567890.125", "USD"),
            F.transaction("T2", "0.125", "EUR"), F.transaction("T2", "-0.135", "EUR"), F.transaction("T3", "1", "XXX"),
            F.transaction("T3", "2", "AUD"),
            F.transaction("T4", "99999999999999999999999999999999999999", "USD"),
        ]

        let ledger = Ledger(transactions: transactions, rates: rates)

        #expect(ledger.products.map(\.sku) == ["T1", "T2", "T3", "T4"])
        for summary in ledger.products {
            #expect(ledger.product(summary.sku)?.summary == summary)
        }
        #expect(ledger.products.map(\.total?.description) == ["11728394956172839510.48", "-0.02", nil, nil])
        #expect(ledger.products.map(\.unconvertible) == [0, 0, 1, 1])
    }

    @Test("SKUs get dense ids in first-seen order; SKUs Swift calls equal share one")
    func skuIndex() {
        var index = SKUIndex()
        let many = (0..<1_000).map { "S\($0)" }
        let long = "A-VERY-LONG-SKU-BEYOND-15-BYTES"
        let odd = ["", "\0", "\0\0", "T\u{212A}", "TK", "caf\u{E9}", "cafe\u{301}", long]

        let ids = (many + odd + many.reversed() + odd).map { index.id(of: $0) }

        #expect(Array(ids[0..<1_000]) == Array(0..<1_000))
        // "" and "\0" differ; the Kelvin sign equals K; é equals e and a combining acute accent.
        #expect(Array(ids[1_000..<1_008]) == [1_000, 1_001, 1_002, 1_003, 1_003, 1_004, 1_004, 1_005])
        #expect(Array(ids[1_008..<2_008]) == Array((0..<1_000).reversed()))
        #expect(Array(ids[2_008...]) == Array(ids[1_000..<1_008]))
        #expect(index.skus.count == 1_006)
        #expect(index.skus[1_003] == "T\u{212A}")
    }

    @Test("a product whose SKUs Swift calls equal is one product, as with String keys")
    func equalSKUsAreOneProduct() {
        let transactions = [F.transaction("T\u{212A}", "1", "EUR"), F.transaction("TK", "2", "EUR")]

        let ledger = Ledger(transactions: transactions, rates: [])

        #expect(ledger.products.count == 1)
        #expect(ledger.products.first?.count == 2)
        #expect(ledger.products.first?.total?.description == "3.00")
    }
}
