import Testing

@testable import BourseCore

@Suite("GNB parsing of bad input")
struct GNBBadInputTests {
    typealias F = GNBFixture

    /// The errors of a document that must fail with `.badRecords`.
    static func badRecords(_ body: () throws(GNBParseError) -> Void) -> ([GNBRecordError], Int)? {
        do {
            try body()
            return nil
        } catch {
            if case .badRecords(let errors, let valid) = error { return (errors, valid) }
            return nil
        }
    }

    static func jsonRate(_ members: String) -> [UInt8] { F.bytes("[{\(members)}]") }

    @Test(
        "bad rate records name the record and the field",
        arguments: [
            (#""to":"USD","rate":"1.3""#, "from", "missing"),
            (#""from":"EUR","rate":"1.3""#, "to", "missing"),
            (#""from":"EUR","to":"USD""#, "rate", "missing"),
            (#""from":"EUR","to":"USD","rate":"1e3""#, "rate", "not a decimal"),
            (#""from":"EUR","to":"USD","rate":"abc""#, "rate", "not a decimal"),
            (#""from":"EUR","to":"USD","rate":"1,5""#, "rate", "not a decimal"),
            (#""from":"EUR","to":"USD","rate":" 1.5""#, "rate", "not a decimal"),
            (#""from":"EUR","to":"USD","rate":"""#, "rate", "not a decimal"),
            (#""from":"EUR","to":"USD","rate":null"#, "rate", "found null"),
            (#""from":"EUR","to":"USD","rate":true"#, "rate", "found a boolean"),
            (#""from":"EUR","to":"USD","rate":"0""#, "rate", "greater than zero"),
            (#""from":"EUR","to":"USD","rate":"0.000""#, "rate", "greater than zero"),
            (#""from":"EUR","to":"USD","rate":"-1.2""#, "rate", "greater than zero"),
            (#""from":"EUR","to":"USD","rate":-1.2"#, "rate", "greater than zero"),
            (#""from":"eur","to":"USD","rate":"1.3""#, "from", "not a currency code"),
            (#""from":"EUR","to":"US","rate":"1.3""#, "to", "not a currency code"),
            (#""from":"EURO","to":"USD","rate":"1.3""#, "from", "not a currency code"),
            (#""from":"E1R","to":"USD","rate":"1.3""#, "from", "not a currency code"),
            (#""from":"EUR","to":"ÜSD","rate":"1.3""#, "to", "not a currency code"),
            (#""from":978,"to":"USD","rate":"1.3""#, "from", "found the number 978"),
        ])
    func badRate(members: String, field: String, fragment: String) throws {
        let found = Self.badRecords { () throws(GNBParseError) in _ = try GNBParser.rates(Self.jsonRate(members), format: .json) }

        let (errors, valid) = try #require(found)
        #expect(valid == 0)
        #expect(errors.count == 1)
        #expect(errors.first?.record == 1)
        #expect(errors.first?.field == field)
        #expect(errors.first?.message.contains(fragment) == true, "\(errors.first?.message ?? "")")
    }

    @Test(
        "bad transaction records name the record and the field",
        arguments: [
            (#""amount":"1","currency":"EUR""#, "sku", "missing"),
            (#""sku":"","amount":"1","currency":"EUR""#, "sku", "empty"),
            (#""sku":"   ","amount":"1","currency":"EUR""#, "sku", "only whitespace"),
            (#""sku":"\t\n","amount":"1","currency":"EUR""#, "sku", "only whitespace"),
            (#""sku":"T1","currency":"EUR""#, "amount", "missing"),
            (#""sku":"T1","amount":"ten","currency":"EUR""#, "amount", "not a decimal"),
            (#""sku":"T1","amount":"1.2.3","currency":"EUR""#, "amount", "not a decimal"),
            (#""sku":"T1","amount":"","currency":"EUR""#, "amount", "not a decimal"),
            (#""sku":"T1","amount":[1],"currency":"EUR""#, "amount", "found an array"),
            (#""sku":"T1","amount":"1""#, "currency", "missing"),
            (#""sku":"T1","amount":"1","currency":"€""#, "currency", "not a currency code"),
            (#""sku":"T1","amount":"1","currency":"usd""#, "currency", "not a currency code"),
        ])
    func badTransaction(members: String, field: String, fragment: String) throws {
        let found = Self.badRecords { () throws(GNBParseError) in
            _ = try GNBParser.transactions(F.bytes("[{\(members)}]"), format: .json)
        }

        let (errors, _) = try #require(found)
        #expect(errors.map(\.field) == [field])
        #expect(errors.first?.message.contains(fragment) == true, "\(errors.first?.message ?? "")")
    }

    @Test func everyBadRecordIsListedWithItsNumber() throws {
        let json = #"""
            [
              {"sku": "OK1", "amount": "1.00", "currency": "EUR"},
              {"sku": "", "amount": "x", "currency": "EUR"},
              {"sku": "OK2", "amount": "2.00", "currency": "EUR"},
              "not an object",
              {"sku": "B5", "amount": "5", "currency": "eu"},
              {"sku": "OK3", "amount": 3, "currency": "USD"}
            ]
            """#

        let found = Self.badRecords { () throws(GNBParseError) in _ = try GNBParser.transactions(F.bytes(json), format: .json) }

        let (errors, valid) = try #require(found)
        #expect(valid == 3)
        #expect(errors.map(\.record) == [2, 2, 4, 5])
        #expect(errors.map(\.field) == ["sku", "amount", nil, "currency"])
        #expect(errors[2].message == "it is a string, where an object was expected")
        let description = GNBParseError.badRecords(errors, validCount: valid).description
        #expect(description.hasPrefix("3 bad records (3 valid): record 2, field \"sku\": the SKU is empty"))
    }

    @Test func badXMLRecordsAreListedToo() throws {
        let xml = """
            <rates>
              <rate from="EUR" to="USD" rate="1.359"/>
              <rate to="USD" rate='0'/>
              <rate from="CAD" to="EUR" rate="0.732"/>
              <rate from="CAD" to="eur" rate="1.1.1"/>
            </rates>
            """

        let found = Self.badRecords { () throws(GNBParseError) in _ = try GNBParser.rates(F.bytes(xml), format: .xml) }

        let (errors, valid) = try #require(found)
        #expect(valid == 2)
        #expect(errors.map(\.record) == [2, 2, 4, 4])
        #expect(errors.map(\.field) == ["from", "rate", "to", "rate"])
    }

    @Test(
        "malformed JSON documents",
        arguments: [
            "", "[", #"[{"from":"EUR","#, "{}", #"{"rates": []}"#, "\"text\"", "42", "null", "[1,]", "not json",
            "[] []",
        ])
    func malformedJSON(text: String) {
        #expect {
            _ = try GNBParser.rates(F.bytes(text), format: .json)
        } throws: { error in
            guard case .malformedDocument(.json, let reason)? = error as? GNBParseError else { return false }
            return !reason.isEmpty
        }
    }

    @Test(
        "malformed XML documents say what and where",
        arguments: [
            ("", "no root element"),
            ("   ", "no root element"),
            ("not xml", "expected '<'"),
            ("[]", "expected '<'"),
            ("<rates>", "</rates> is missing"),
            (#"<rates><rate from="EUR" to="USD" rate="1"/>"#, "</rates> is missing"),
            (#"<rates><rate from="EUR" to="USD" rate="1"></rates>"#, "</rates> does not close <rate>"),
            (#"<rates><rate from="EUR" to="USD" rate="1"</rates>"#, "expected whitespace before an attribute"),
            (#"<rates><rate from="EUR to="USD" rate="1"/></rates>"#, "expected whitespace before an attribute"),
            (#"<rates><rate from="EUR" to="USD" rate="1/></rates>"#, "'<' is not allowed"),
            (#"<rates><rate from="EUR" to="USD" rate="1"#, "is not closed"),
            ("<rates><rate from=EUR/></rates>", "must be in quotes"),
            (#"<rates><rate from="A" from="B"/></rates>"#, "appears twice"),
            (#"<rates><rate from="&euro;"/></rates>"#, "unknown entity &euro;"),
            (#"<rates><rate from="A & B"/></rates>"#, "a bare '&' is not allowed"),
            (#"<rates><rate from="&#0;"/></rates>"#, "not a valid character reference"),
            (#"<rates><rate from="&#xD800;"/></rates>"#, "not a valid character reference"),
            (#"<rates><rate from="&#xZZ;"/></rates>"#, "not a valid character reference"),
            ("<rates>1.359</rates>", "unexpected text inside <rates>"),
            ("<rates><rate>EUR</rate></rates>", "unexpected text inside <rate>"),
            ("<rates><rate><from/></rate></rates>", "<rate> may not contain other elements"),
            ("<rates><![CDATA[x]]></rates>", "CDATA"),
            ("<!DOCTYPE rates><rates/>", "DOCTYPE"),
            ("<rates/><rates/>", "unexpected content after the root element"),
            ("<rates/>trailing", "unexpected content after the root element"),
            ("<rates><!-- open </rates>", "comment is not closed"),
            ("<?xml version='1.0'<rates/>", "processing instruction is not closed"),
            ("<transactions/>", "the root element is <transactions>, where <rates> was expected"),
            ("<Rates/>", "the root element is <Rates>"),
            (
                #"<rates><transaction sku="a"/></rates>"#,
                "<transaction> at line 1, column 8 (byte 7) is not expected inside <rates>"
            ),
            ("<rates>\n  <rate/>\n  <1/>\n</rates>", "expected an element name, found '1' at line 3, column 4 (byte 21)"),
            ("< rates/>", "expected an element name, found the byte 0x20"),
        ])
    func malformedXML(text: String, fragment: String) {
        #expect {
            _ = try GNBParser.rates(F.bytes(text), format: .xml)
        } throws: { error in
            guard case .malformedDocument(.xml, let reason)? = error as? GNBParseError else { return false }
            return reason.contains(fragment)
        }
    }

    @Test func malformedErrorsCarryLineAndByte() throws {
        let xml = "<?xml version=\"1.0\"?>\n<rates>\n <rate from=\"EUR\" to=\"USD\" rate=\"1\"/>\n <rate from='A\"/>\n"

        let error = #expect(throws: GNBParseError.self) { _ = try GNBParser.rates(F.bytes(xml), format: .xml) }

        guard case .malformedDocument(.xml, let reason)? = error else {
            Issue.record("expected a malformed XML document, got \(String(describing: error))")
            return
        }
        #expect(reason == "the value of the attribute from is not closed at line 4, column 13 (byte 80)")
        #expect(error?.description.hasPrefix("the XML document cannot be read: ") == true)
    }

    @Test func wrongRecordShapeInXMLIsNotTreatedAsData() {
        // A transactions document handed to the rates parser is refused as a whole.
        let xml = #"<transactions><transaction sku="T2006" amount="10.00" currency="USD"/></transactions>"#

        #expect(
            throws: GNBParseError.malformedDocument(
                format: .xml, reason: "the root element is <transactions>, where <rates> was expected")
        ) {
            _ = try GNBParser.rates(F.bytes(xml), format: .xml)
        }
    }
}
