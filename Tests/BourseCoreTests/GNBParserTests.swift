import Testing

@testable import BourseCore

@Suite("GNB parsing of good documents")
struct GNBParserTests {
    typealias F = GNBFixture

    @Test func jsonStrings() throws {
        let json = #"[{"from":"EUR","to":"USD","rate":"1.359"},{"from":"CAD","to":"EUR","rate":"0.732"}]"#

        let rates = try GNBParser.rates(F.bytes(json), format: .json)

        #expect(rates == [F.rate("EUR", "USD", "1.359"), F.rate("CAD", "EUR", "0.732")])
        #expect(rates[0].rate.description == "1.359")
    }

    @Test(
        "JSON numbers are read exactly from their text, like strings",
        arguments: [
            ("29.7", "29.7"), ("20.0", "20.0"), ("0.1", "0.1"), ("1.5e1", "15"), ("-3.25", "-3.25"),
            ("0.30000000000000004", "0.30000000000000004"),
        ])
    func jsonNumbers(number: String, expected: String) throws {
        let asNumber = #"[{"sku":"X8987","amount":\#(number),"currency":"EUR"}]"#
        let asString = #"[{"sku":"X8987","amount":"\#(expected)","currency":"EUR"}]"#

        let fromNumber = try GNBParser.transactions(F.bytes(asNumber), format: .json)
        let fromString = try GNBParser.transactions(F.bytes(asString), format: .json)

        #expect(fromNumber == fromString)
        #expect(fromNumber[0].amount == ExactDecimal(stringLiteral: expected))
    }

    @Test func jsonNumberRates() throws {
        let json = #"[{"from":"EUR","to":"USD","rate":1.05},{"from":"USD","to":"EUR","rate":"1.05"}]"#

        let rates = try GNBParser.rates(F.bytes(json), format: .json)

        #expect(rates[0].rate == rates[1].rate)
        #expect(rates[0].rate.description == "1.05")
    }

    @Test func extraKeysAreIgnored() throws {
        let json = #"""
            [
              {"index": 0, "sku": "Y5072", "amount": 31.1, "currency": "CAD", "note": {"a": [1, 2]}},
              {"index": 1, "sku": "B2373", "amount": 29.9, "currency": "EUR"}
            ]
            """#

        let transactions = try GNBParser.transactions(F.bytes(json), format: .json)

        #expect(transactions == [F.transaction("Y5072", "31.1", "CAD"), F.transaction("B2373", "29.9", "EUR")])
    }

    @Test func emptyDocumentsHoldNoRecords() throws {
        #expect(try GNBParser.rates(F.bytes(" [ ] "), format: .json).isEmpty)
        #expect(try GNBParser.rates(F.bytes("\u{FEFF}[]"), format: .json).isEmpty)
        #expect(try GNBParser.rates(F.bytes("\u{FEFF}<rates></rates>"), format: .xml).isEmpty)
        #expect(try GNBParser.rates(F.bytes("<rates/>"), format: .xml).isEmpty)
        #expect(try GNBParser.transactions(F.bytes("<transactions>\n</transactions>"), format: .xml).isEmpty)
    }

    @Test func xmlWithBothQuoteStylesCommentsAndProlog() throws {
        let xml = """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
            <!-- GNB rates -->
            <?generator bourse?>
            <rates>
              <rate from="EUR" to='USD' rate = "1.359" />
              <!-- a comment between records, with <tags> & ampersands -->
              <rate from='CAD' to="EUR" rate='0.732'></rate>
              <rate
                 from="USD"
                 to="EUR"
                 rate="0.736"   extra="ignored"><!-- inside --> </rate  >
            </rates>
            <!-- trailing comment -->

            """

        let rates = try GNBParser.rates(F.bytes(xml), format: .xml)

        #expect(rates == [F.rate("EUR", "USD", "1.359"), F.rate("CAD", "EUR", "0.732"), F.rate("USD", "EUR", "0.736")])
    }

    @Test(
        "XML entities and character references are resolved",
        arguments: [
            ("A&amp;B", "A&B"), ("&lt;x&gt;", "<x>"), ("&quot;q&quot;", "\"q\""), ("it&apos;s", "it's"),
            ("&#84;2006", "T2006"), ("&#x54;2006", "T2006"), ("&#xe9;t&#233;", "été"), ("&#x1F4B6;", "💶"),
            ("a\tb", "a b"), ("a\r\nb", "a b"),
        ])
    func xmlEntities(raw: String, expected: String) throws {
        let xml = #"<transactions><transaction sku="\#(raw)" amount="1" currency="EUR"/></transactions>"#

        let transactions = try GNBParser.transactions(F.bytes(xml), format: .xml)

        #expect(transactions.map(\.sku) == [expected])
    }

    @Test func entitiesInNumbersAndCodes() throws {
        let xml = #"<rates><rate from="&#69;UR" to='US&#x44;' rate="1&#46;5"/></rates>"#

        #expect(try GNBParser.rates(F.bytes(xml), format: .xml) == [F.rate("EUR", "USD", "1.5")])
    }

    @Test(
        "the format is sniffed from the content",
        arguments: [
            ("[]", GNBFormat.json), ("  \n{\"a\":1}", .json), ("<rates/>", .xml), ("\r\n\t<?xml?><rates/>", .xml),
            ("\u{FEFF}[]", .json), ("", nil), ("   ", nil), ("rates", nil), ("\"[\"", nil),
        ] as [(String, GNBFormat?)])
    func sniff(text: String, expected: GNBFormat?) {
        #expect(GNBParser.sniffFormat(F.bytes(text)) == expected)
    }

    @Test func currencyCodeShape() throws {
        #expect(CurrencyCode("EUR")?.rawValue == "EUR")
        #expect(CurrencyCode.eur.description == "EUR")
        for bad in ["eur", "EU", "EURO", "", "E1R", "ÉUR", " EUR", "EU "] {
            #expect(CurrencyCode(bad) == nil, "\(bad) should be refused")
        }
        #expect(F.code("AUD") < F.code("CAD"))
    }
}
