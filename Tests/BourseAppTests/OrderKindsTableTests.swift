import BourseCore
import Foundation
import Testing

@testable import BourseApp

/// The order types and times in force the exchange page gets from the server (`OrderKindsTable`):
/// every case of the Swift enums, with the fields, rules and words the ticket's scripts used to
/// write by hand, embedded as JSON that no text in it can break out of, and the type buttons in
/// the same order.
@Suite("Order kinds on the exchange page")
struct OrderKindsTableTests {
    /// The JSON the page embeds for its scripts, read back.
    static func embedded(in html: String) throws -> OrderKindsTable {
        let start = #"<script type="application/json" id="order-kinds">"#
        let after = try #require(html.components(separatedBy: start).dropFirst().first)
        let json = try #require(after.components(separatedBy: "</script>").first)
        return try JSONDecoder().decode(OrderKindsTable.self, from: Data(json.utf8))
    }

    @Test func thePageEmbedsEveryTypeAndTimeInForce() throws {
        let html = ExchangePage().render().markup

        let table = try Self.embedded(in: html)

        #expect(table == OrderKindsTable.all)
        #expect(table.types.map(\.type) == OrderType.allCases.map(\.rawValue))
        #expect(table.timesInForce.map(\.timeInForce) == TimeInForce.allCases.map(\.rawValue))
        #expect(html.components(separatedBy: #"id="order-kinds""#).count == 2, "embedded once")
    }

    /// What `exchange-ticket-rules.js` and `exchange-orders.js` wrote by hand before the table.
    @Test(arguments: [
        OrderKindsTable.Kind(
            type: "market", label: "Market", words: "market", limitPrice: false, stopPrice: false, trail: false,
            isStop: false, bracket: true, timesInForce: ["ioc", "fok"]),
        OrderKindsTable.Kind(
            type: "limit", label: "Limit", words: "limit", limitPrice: true, stopPrice: false, trail: false,
            isStop: false, bracket: true, timesInForce: ["gtc", "day", "ioc", "fok"]),
        OrderKindsTable.Kind(
            type: "stop", label: "Stop", words: "stop", limitPrice: false, stopPrice: true, trail: false,
            isStop: true, bracket: false, timesInForce: ["gtc", "day"]),
        OrderKindsTable.Kind(
            type: "stop_limit", label: "Stop limit", words: "stop limit", limitPrice: true, stopPrice: true, trail: false,
            isStop: true, bracket: false, timesInForce: ["gtc", "day"]),
        OrderKindsTable.Kind(
            type: "trailing_stop", label: "Trailing stop", words: "trailing stop", limitPrice: false, stopPrice: false,
            trail: true, isStop: true, bracket: false, timesInForce: ["gtc", "day"]),
    ])
    func eachTypeHasItsFieldsAndTimesInForce(_ expected: OrderKindsTable.Kind) throws {
        let type = try #require(OrderType(rawValue: expected.type))

        #expect(OrderKindsTable.Kind(type) == expected)
        #expect(expected.timesInForce.first == TimeInForce.default(for: type).rawValue, "the default first")
    }

    @Test(arguments: [
        OrderKindsTable.Term(
            timeInForce: "gtc", name: "Good till cancelled", hint: "Waits until it fills or you cancel it.",
            words: "good till cancelled"),
        OrderKindsTable.Term(
            timeInForce: "day", name: "Day", hint: "Expires at the close (16:00 New York) if not filled by then.",
            words: "day only"),
        OrderKindsTable.Term(
            timeInForce: "ioc", name: "Immediate or cancel", hint: "Fills what it can now; the rest is cancelled.",
            words: "immediate or cancel"),
        OrderKindsTable.Term(
            timeInForce: "fok", name: "Fill or kill", hint: "Fills all of it now, or nothing.", words: "fill or kill"),
    ])
    func eachTimeInForceHasItsWords(_ expected: OrderKindsTable.Term) throws {
        let tif = try #require(TimeInForce(rawValue: expected.timeInForce))

        #expect(OrderKindsTable.Term(tif) == expected)
    }

    @Test func theTypeButtonsAreTheTableInItsOrder() throws {
        let html = ExchangePage().render().markup

        let group = try #require(
            html.components(separatedBy: #"aria-label="Order type">"#).dropFirst().first?
                .components(separatedBy: "</div>").first)
        let buttons = group.components(separatedBy: "<button ").dropFirst()
        let types = buttons.map { String($0.components(separatedBy: #"data-type=""#)[1].prefix { $0 != "\"" }) }
        let labels = buttons.map { String($0.components(separatedBy: ">")[1].prefix { $0 != "<" }) }

        let table = try Self.embedded(in: html)
        #expect(types == table.types.map(\.type))
        #expect(labels == table.types.map(\.label))
        #expect(buttons.filter { $0.contains(#"aria-pressed="true""#) }.count == 1)
        #expect(buttons.first?.contains(#"data-type="market" aria-pressed="true""#) == true, "the ticket starts on market")
    }

    @Test func theTimeInForceStartsWithTheStartingTypesChoices() throws {
        let html = ExchangePage().render().markup

        #expect(
            html.contains(
                #"<select id="time-in-force" name="timeInForce" aria-describedby="tif-hint">"#
                    + #"<option value="ioc" selected>Immediate or cancel</option><option value="fok">Fill or kill</option></select>"#
            ))
        #expect(html.contains(#"<span class="hint" id="tif-hint">Fills what it can now; the rest is cancelled.</span>"#))
    }

    /// A data block's text is not HTML-escaped, so its JSON is escaped in its own syntax: nothing in
    /// it can close the element or open a comment, and `JSON.parse` reads the text back as it was.
    @Test func embeddedJSONCannotCloseItsElement() throws {
        let text = #"</script><script>alert("x")</script> <!-- & >"#

        let markup = HTML.jsonScript(id: "data", ["text": text]).markup

        let prefix = #"<script type="application/json" id="data">"#
        #expect(markup.hasPrefix(prefix) && markup.hasSuffix("</script>"))
        let json = String(markup.dropFirst(prefix.count).dropLast("</script>".count))
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
        #expect(try JSONDecoder().decode([String: String].self, from: Data(json.utf8)) == ["text": text])
    }
}
