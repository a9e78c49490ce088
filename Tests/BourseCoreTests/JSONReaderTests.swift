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

    @Test func streamsOneArrayMemberElementByElement() throws {
        let text = #"{"status": "OK", "tickers": [{"ticker": "A"}, 2, [3]], "nested": {"tickers": [4]}, "count": 3}"#
        var elements: [JSONValue] = []
        let document = try JSONReader.parse(Array(text.utf8), streaming: "tickers") { elements.append($0) }
        #expect(elements == [.object(["ticker": .string("A")]), .number("2"), .array([.number("3")])])
        #expect(document["tickers"] == .array([]), "the streamed member is kept, empty")
        #expect(document["nested"] == .object(["tickers": .array([.number("4")])]), "only the top level's member streams")
        #expect(document["status"] == .string("OK") && document["count"] == .number("3"))

        let notAnArray = try JSONReader.parse(Array(#"{"tickers": {"a": 1}}"#.utf8), streaming: "tickers") { _ in
            Issue.record("an object is not streamed")
        }
        #expect(notAnArray["tickers"] == .object(["a": .number("1")]))
    }

    @Test(
        "streaming refuses what parse refuses, and a top level that is not an object",
        arguments: [
            "", "{", "[1]", "{\"tickers\": [1,]}", "{\"tickers\": [1 2]}", "{\"tickers\": [{\"a\":}]}", "{\"tickers\": [1]",
            "{\"tickers\": [1]} {}", "{\"tickers\": [\"abc]}",
        ])
    func streamingMalformed(text: String) {
        #expect(throws: JSONError.self) { try JSONReader.parse(Array(text.utf8), streaming: "tickers") { _ in } }
    }
}
