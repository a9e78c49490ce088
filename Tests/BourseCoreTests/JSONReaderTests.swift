import Testing

@testable import BourseCore

@Suite("JSONReader")
struct JSONReaderTests {
    @Test func keepsNumberTextExactly() throws {
        let value = try JSONReader.parse(#"{"c": 75.0875, "v": 25933.6, "t": 1577941200000, "big": 12345678901234567890.12}"#)
        #expect(value["c"] == .number("75.0875"))
        #expect(value["c"]?.decimalValue == ExactDecimal("75.0875"))
        #expect(value["t"]?.int64Value == 1_577_941_200_000)
        #expect(value["big"]?.decimalValue?.description == "12345678901234567890.12")
        #expect(value["v"]?.int64Value == nil)
    }

    @Test func readsEveryKindOfValue() throws {
        let value = try JSONReader.parse(#" [null, true, false, "a\"b\\c\u00e9\ud83d\ude00\n", [], {}, -0.5e2] "#)
        #expect(
            value
                == .array([.null, .bool(true), .bool(false), .string("a\"b\\cé😀\n"), .array([]), .object([:]), .number("-0.5e2")])
        )
    }

    @Test(
        "refuses malformed documents",
        arguments: [
            "", "{", "[1,]", "{\"a\":}", "01", "1.", "-", "\"abc", "[1 2]", "{\"a\" 1}", "nul", "tru", "\"\\x\"",
            "{} {}", "\"\u{01}\"", "\"\\ud800\"", "1e", ".5",
        ])
    func malformed(text: String) {
        #expect(throws: JSONError.self) { try JSONReader.parse(text) }
    }

    @Test func refusesDeepNestingWithoutCrashing() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONError.self) { try JSONReader.parse(deep) }
    }

    @Test func errorsSayWhere() {
        #expect {
            try JSONReader.parse("[1, 2,, 3]")
        } throws: { error in
            (error as? JSONError)?.offset == 6
        }
    }
}
