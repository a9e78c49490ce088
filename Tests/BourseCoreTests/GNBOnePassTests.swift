import Foundation
import Testing

@testable import BourseCore

/// The one-pass readers against `GNBReferenceParser` (the whole document read first): every
/// document, good or bad, gives the same records or the same error, whichever path each record
/// takes (its bytes, or the general readers).
@Suite("GNB one-pass parsing")
struct GNBOnePassTests {
    typealias F = GNBFixture

    /// Both parsers' answers for both kinds of record, checked equal; the transactions' answer.
    @discardableResult
    static func expectSame(
        _ bytes: [UInt8], _ format: GNBFormat, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Result<[Transaction], GNBParseError> {
        let transactions = Result { () throws(GNBParseError) in try GNBParser.transactions(bytes, format: format) }
        let expected = Result { () throws(GNBParseError) in try GNBReferenceParser.transactions(bytes, format: format) }
        #expect(transactions == expected, "\(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        if case .success(let read) = transactions, case .success(let wanted) = expected {
            // Equal decimals may differ in places (2.30 and 2.3): the places must be kept too.
            #expect(read.map(\.amount.description) == wanted.map(\.amount.description), sourceLocation: sourceLocation)
        }
        let rates = Result { () throws(GNBParseError) in try GNBParser.rates(bytes, format: format) }
        let expectedRates = Result { () throws(GNBParseError) in try GNBReferenceParser.rates(bytes, format: format) }
        #expect(rates == expectedRates, "\(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        return transactions
    }

    static func json(_ records: [String]) -> [UInt8] { F.bytes("[" + records.joined(separator: ",") + "]") }

    static func xml(_ records: [String]) -> [UInt8] { F.bytes("<transactions>" + records.joined() + "</transactions>") }

    @Test(
        "amounts with many digits are read exactly, in strings and in JSON numbers",
        arguments: [
            "0", "-0", "-0.0", "007.50", "123456789012345678", "1234567890123456789", "9223372036854775807",
            "9223372036854775808", "-9223372036854775808", "12345678901234567890123456789012345678",
            "0.12345678901234567890123456789012345678", "1234567890123456789.0123456789012345678",
            "0.00000000000000000000000000000000000001", "0.10000000000000000000000000000000000000",
        ])
    func manyDigits(amount: String) throws {
        let asString = Self.json([#"{"sku":"T1","amount":"\#(amount)","currency":"EUR"}"#])
        let asNumber = Self.json([#"{"sku":"T1","amount":\#(amount),"currency":"EUR"}"#])
        let asXML = Self.xml([#"<transaction sku="T1" amount="\#(amount)" currency="EUR"/>"#])

        let read = try Self.expectSame(asString, .json).get()
        Self.expectSame(asXML, .xml)
        if !amount.hasPrefix("00") { Self.expectSame(asNumber, .json) }

        #expect(read.first?.amount == ExactDecimal(stringLiteral: amount))
    }

    @Test(
        "amounts that are not plain decimals are refused as before",
        arguments: [
            "", "-", ".5", "5.", "1.2.3", "--1", "+1", "1e3", " 1", "1 ", "1,5", "١٢", "123456789012345678901234567890123456789",
            "0.000000000000000000000000000000000000001", "0.10000000000000000000000000000000000000000",
        ])
    func badAmounts(amount: String) {
        let found = Self.expectSame(Self.json([#"{"sku":"T1","amount":"\#(amount)","currency":"EUR"}"#]), .json)
        Self.expectSame(Self.xml([#"<transaction sku="T1" amount="\#(amount)" currency="EUR"/>"#]), .xml)

        guard case .failure(.badRecords(let errors, validCount: 0)) = found else {
            Issue.record("expected a bad record, got \(found)")
            return
        }
        #expect(errors.map(\.field) == ["amount"])
    }

    @Test(
        "JSON numbers: exponents, and text the grammar refuses",
        arguments: ["1e2", "1E+2", "-2.5e-3", "0.5E1", "1e39", "1e-39", "0", "-0", "01", "1.", "-", "1e", "1e+", ".5", "-a"])
    func jsonNumbers(number: String) {
        Self.expectSame(Self.json([#"{"sku":"T1","amount":\#(number),"currency":"EUR"}"#]), .json)
        Self.expectSame(Self.json([#"{"from":"EUR","to":"USD","rate":\#(number)}"#]), .json)
        Self.expectSame(Self.json([#"{"sku":"T1","amount":"1","currency":"EUR","index":\#(number)}"#]), .json)
    }

    @Test(
        "escapes in keys and values are read by the general path, with the same result",
        arguments: [
            #"{"s\u006bu":"T1","amount":"1","currency":"EUR"}"#,
            #"{"sku":"T\"1\"","amount":"1","currency":"EUR"}"#,
            #"{"sku":"caf\u00e9 \ud83d\udcb6","amount":"1","currency":"EUR"}"#,
            #"{"sku":"T1","amount":"1\u002e5","currency":"EUR"}"#,
            #"{"sku":"T1","amount":"1","currency":"\u0045UR"}"#,
            #"{"sku":"T1","amount":"1","currency":"EUR","note":"a\nb\\c"}"#,
            #"{"sku":"\t","amount":"1","currency":"EUR"}"#,
            #"{"sku":"T1","amount":"1","currency":"EUR","bad":"\x"}"#,
            #"{"sku":"T1","amount":"1","currency":"EUR","bad":"\ud800"}"#,
            #"{"sku":"T1","amount":"1","currency":"EUR","bad":"\u12"}"#,
        ])
    func escapes(record: String) {
        Self.expectSame(Self.json([record, #"{"sku":"T2","amount":"2","currency":"USD"}"#]), .json)
    }

    @Test("SKUs are kept as given, whatever their bytes")
    func skus() throws {
        let skus = [
            "T1", "é", "x\u{00A0}", "\u{3000}x", " T1 ", "12345678", "123456789", "123456789012345", "1234567890123456",
            "a-much-longer-stock-keeping-unit", "e\u{301}", "💶", "\u{7F}", "\u{1}", "TK", "T\u{212A}",
        ]
        let records = skus.map { #"{"sku":\#(JSONString.quoted($0)),"amount":"1","currency":"EUR"}"# }

        let read = try Self.expectSame(Self.json(records), .json).get()
        Self.expectSame(Self.xml(skus.map { #"<transaction sku="\#($0)" amount="1" currency="EUR"/>"# }), .xml)

        #expect(read.map(\.sku) == skus)
    }

    @Test(
        "SKUs of only whitespace are refused, whatever the whitespace",
        arguments: [" ", "\u{00A0}", "\u{3000}", "\u{2028}", " \u{301}", "\u{85}", "\u{1680}\u{2000}"])
    func blankSKUs(sku: String) {
        let json = Self.expectSame(Self.json([#"{"sku":\#(JSONString.quoted(sku)),"amount":"1","currency":"EUR"}"#]), .json)
        Self.expectSame(Self.xml([#"<transaction sku="\#(sku)" amount="1" currency="EUR"/>"#]), .xml)

        guard case .failure(.badRecords(let errors, validCount: 0)) = json else {
            Issue.record("expected a bad record, got \(json)")
            return
        }
        #expect(errors.map(\.message) == ["the SKU is only whitespace"])
    }

    @Test("thousands of SKUs and codes in one document, so that remembered ones collide")
    func manySKUsAndCodes() throws {
        var random = SeededGenerator(seed: 35)
        var json: [String] = []
        var xml: [String] = []
        for _ in 0..<5_000 {
            let sku = String((0..<Int.random(in: 1...18, using: &random)).map { _ in "AB9z-é".randomElement(using: &random)! })
            let currency = String((0..<3).map { _ in "EURSDCADJPYZ".randomElement(using: &random)! })
            let amount = "\(Int.random(in: -99_999...99_999, using: &random)).\(Int.random(in: 0...99, using: &random))"
            json.append(#"{"sku":"\#(sku)","amount":"\#(amount)","currency":"\#(currency)"}"#)
            xml.append(#"<transaction sku="\#(sku)" amount="\#(amount)" currency="\#(currency)"/>"#)
        }

        let read = try Self.expectSame(Self.json(json), .json).get()
        Self.expectSame(Self.xml(xml), .xml)

        #expect(read.count == 5_000)
    }

    @Test("whitespace between every token, of every kind")
    func whitespace() throws {
        let json =
            "\u{FEFF} \t\r\n[ \t\r\n{ \n\"sku\" \t: \r\"T1\" \n, \"amount\"\t:\t12.50\r\n,\"currency\"  :\"EUR\"\n}\t, {\"sku\":\"T2\",\"amount\":\"1\",\"currency\":\"USD\"} ] \n"
        let xml =
            "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- c -->\n<transactions >\n\t<transaction\r\n sku = 'T1'\tamount=\"12.50\"\n currency='EUR'  />\n<!-- between --><transaction sku=\"T2\" amount=\"1\" currency=\"USD\"/>\r\n</transactions >\n<!-- end -->\n"

        let fromJSON = try Self.expectSame(F.bytes(json), .json).get()
        let fromXML = try Self.expectSame(F.bytes(xml), .xml).get()

        #expect(fromJSON == [F.transaction("T1", "12.50", "EUR"), F.transaction("T2", "1", "USD")])
        #expect(fromXML == fromJSON)
    }

    @Test(
        "other keys, repeated keys and nested values",
        arguments: [
            #"{"index":0,"ok":true,"no":false,"none":null,"sku":"T1","amount":"1","currency":"EUR"}"#,
            #"{"sku":"T1","amount":"1","currency":"EUR","note":{"a":[1,{"b":null}]}}"#,
            #"{"sku":"T1","amount":"1","currency":"EUR","list":[]}"#,
            #"{"sku":"T1","amount":"1","amount":"2","currency":"EUR"}"#,
            #"{"sku":"T1","amount":"x","amount":"2","currency":"EUR"}"#,
            #"{"sku":"T1","amount":"2","amount":"x","currency":"EUR"}"#,
            #"{"sku":"T1","amount":"1","currency":"EUR","index":1,"index":2}"#,
            #"{"sku":"T1","amount":"1","currency":"EUR","ok":tru}"#,
            #"{"sku":"T1","amount":"1","currency":"EUR","ok":nul}"#,
            #"{"sku":true,"amount":null,"currency":["EUR"]}"#,
            #"{"sku":12,"amount":{},"currency":978}"#,
            #"{}"#, #"[]"#, #""T1""#, "1", "null",
            #"{"sku":"T1","amount":"1","currency":"EUR""#,
            #"{"sku":"T1","amount":"1","currency":"EUR",}"#,
            #"{"sku":"T1","amount":"1","currency":"EUR" "x":1}"#,
            #"{"sku":"T1","amount":"1","currency":"EUR","x"}"#,
            #"{"sku" "T1"}"#,
        ])
    func otherJSONShapes(record: String) {
        Self.expectSame(Self.json([#"{"sku":"T0","amount":"0","currency":"CAD"}"#, record]), .json)
    }

    @Test(
        "other attributes, repeated attributes, closed elements and references",
        arguments: [
            #"<transaction index="0" sku="T1" amount="1" currency="EUR"/>"#,
            #"<transaction a="1" b="2" sku="T1" amount="1" currency="EUR"/>"#,
            #"<transaction a="1" a="2" sku="T1" amount="1" currency="EUR"/>"#,
            #"<transaction sku="T1" sku="T2" amount="1" currency="EUR"/>"#,
            #"<transaction sku="T1" amount="1" currency="EUR"></transaction>"#,
            #"<transaction sku="T1" amount="1" currency="EUR"> <!-- c --> </transaction >"#,
            #"<transaction sku="T1" amount="1" currency="EUR"><x/></transaction>"#,
            #"<transaction sku="T&amp;1" amount="1&#46;5" currency="&#x45;UR"/>"#,
            "<transaction sku=\"T\t1\" amount=\"1\" currency=\"EUR\"/>",
            "<transaction sku=\"\n\" amount=\"1\" currency=\"EUR\"/>",
            #"<transaction sku="T1" amount="1" currency="EUR" />"#,
            #"<transaction sku="T1" amount="1" currency="EUR"/ >"#,
            #"<transaction sku="T1"amount="1" currency="EUR"/>"#,
            #"<transaction sku="T1" amount=1 currency="EUR"/>"#,
            #"<transaction sku="T1" amount="1" currency="EUR""#,
            #"<transaction sku="T<1" amount="1" currency="EUR"/>"#,
            #"<transactions sku="T1" amount="1" currency="EUR"/>"#,
            #"<transaction/>"#, #"<rate from="EUR" to="USD" rate="1.1"/>"#, "<transaction", "<",
            #"<transaction sku="T1" amount="1" currency="EUR" 9="x"/>"#,
        ])
    func otherXMLShapes(record: String) {
        Self.expectSame(Self.xml([#"<transaction sku="T0" amount="0" currency="CAD"/>"#, record]), .xml)
        Self.expectSame(F.bytes("<rates>" + record + "</rates>"), .xml)
    }

    /// Documents with a few records of each kind of path, to break at every byte.
    static let documents: [(GNBFormat, String)] = [
        (
            .json,
            #"[{"sku":"T1","amount":"12.50","currency":"EUR"}, {"index":2,"sku":"T\u0032","amount":-3.5e1,"currency":"USD","n":[null]},{"from":"EUR","to":"USD","rate":"1.359"}]"#
        ),
        (
            .xml,
            #"<?xml version="1.0"?><transactions><transaction sku="T1" amount="12.50" currency="EUR"/><transaction sku='T&#50;' amount="-35" currency="USD"></transaction><!-- x --></transactions>"#
        ),
        (.xml, #"<rates><rate from="EUR" to="USD" rate="1.359"/><rate from="CAD" to="EUR" rate="0.732" x="y"/></rates>"#),
    ]

    static let replacements: [UInt8] = Array(#""\{}[],: <>/='&a0-.e"#.utf8) + [0x00, 0x09, 0x0A, 0xC3, 0xFF]

    @Test("a document broken at any byte gives the reference's answer: a clear error, never part of the records")
    func brokenAtEveryByte() {
        for (format, text) in Self.documents {
            let bytes = F.bytes(text)
            let good = Self.expectSame(bytes, format)
            for i in 0...bytes.count {
                Self.expectSame(Array(bytes[..<i]), format)
                guard i < bytes.count else { continue }
                var without = bytes
                without.remove(at: i)
                Self.expectSame(without, format)
                for replacement in Self.replacements where replacement != bytes[i] {
                    var changed = bytes
                    changed[i] = replacement
                    let result = Self.expectSame(changed, format)
                    // Never a partial read: all the records, or an error.
                    if case .success(let records) = result, case .success(let all) = good {
                        #expect(records.count == all.count)
                    }
                }
            }
        }
    }

    @Test(
        "syntax errors say where, as the byte offset",
        arguments: [
            (
                "[{\"sku\":\"T1\",\"amount\":\"1\",\"currency\":\"EUR\"},", GNBFormat.json,
                "invalid JSON at byte 44: the document ends where a value was expected"
            ),
            (
                "[{\"sku\":\"T1\",\"amount\":01,\"currency\":\"EUR\"}]", .json,
                "invalid JSON at byte 23: a number may not have leading zeros"
            ),
            (
                "[{\"sku\":\"T1\",\"amount\":\"1\",\"currency\":\"EUR\"} x", .json,
                "invalid JSON at byte 44: expected ',' or ']' in an array"
            ),
            (
                "<transactions><transaction sku=\"T1\" amount=\"1\" currency=\"EUR\"/><transaction sku=\"T2\"", .xml,
                "the document ends inside the tag <transaction> at line 1, column 85 (byte 84)"
            ),
        ])
    func syntaxErrorsCarryTheOffset(text: String, format: GNBFormat, fragment: String) {
        let result = Self.expectSame(F.bytes(text), format)

        guard case .failure(.malformedDocument(format, let reason)) = result else {
            Issue.record("expected a malformed document, got \(result)")
            return
        }
        #expect(reason.contains(fragment), "\(reason)")
    }

    @Test("seeded random documents read as the reference reads them", arguments: Array(UInt64(1)...40))
    func randomDocuments(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let skus = ["T1", "", " ", "é", "T\\u0031", "12345678901234567", "a\\nb"]
        let amounts = ["1", "12.50", "-0.5", "1e2", "x", "", "12345678901234567890", "007"]
        let currencies = ["EUR", "USD", "eur", "EU", "\\u0045UR", "ÉUR"]
        let space = ["", " ", "\n", "\t", "\r\n  "]
        var json: [String] = []
        var xml: [String] = []
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            let s = { space.randomElement(using: &random)! }
            var members: [String] = []
            if Int.random(in: 0..<8, using: &random) > 0 {
                members.append(#""sku"\#(s()):\#(s())"\#(skus.randomElement(using: &random)!)""#)
            }
            if Int.random(in: 0..<8, using: &random) > 0 {
                let amount = amounts.randomElement(using: &random)!
                let quoted = Bool.random(using: &random) || Double(amount) == nil || amount.hasPrefix("00")
                members.append(#""amount":\#(quoted ? "\"\(amount)\"" : amount)"#)
            }
            if Int.random(in: 0..<8, using: &random) > 0 {
                members.append(#""currency":"\#(currencies.randomElement(using: &random)!)""#)
            }
            if Int.random(in: 0..<4, using: &random) == 0 {
                members.append(#""index":\#(Int.random(in: 0...9, using: &random))"#)
            }
            members.shuffle(using: &random)
            json.append(s() + "{" + members.joined(separator: s() + "," + s()) + "}" + s())
            let attributes = members.map { member -> String in
                let parts = member.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                let name = parts[0].replacingOccurrences(of: "\"", with: "")
                let value = parts[1].hasPrefix("\"") ? String(parts[1].dropFirst().dropLast()) : parts[1]
                return
                    "\(name)=\"\(value.replacingOccurrences(of: "\\u0045", with: "&#69;").replacingOccurrences(of: "\\", with: "&amp;"))\""
            }
            xml.append("<transaction " + attributes.joined(separator: s() + " ") + "/>" + s())
        }

        Self.expectSame(Self.json(json), .json)
        Self.expectSame(Self.xml(xml), .xml)
    }
}
