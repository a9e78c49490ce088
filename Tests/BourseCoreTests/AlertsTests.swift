import Foundation
import Testing

@testable import BourseCore

@Suite("Price alerts: rules")
struct AlertsTests {
    static func request(_ text: String, symbolRequired: Bool = true) throws(AlertError) -> AlertRequest {
        try AlertRequest.parse(try! JSONReader.parse(Array(text.utf8)), symbolRequired: symbolRequired)
    }

    static let t0 = Date(timeIntervalSince1970: 1_763_820_000)

    @Test func eachConditionReadsExactly() throws {
        #expect(
            try Self.request(#"{"symbol":"aapl","above":"150.00"}"#)
                == AlertRequest(symbol: "AAPL", condition: .above(Price(ticks: 15_000))))
        #expect(try Self.request(#"{"symbol":"KO","below":"61.5"}"#).condition == .below(Price(ticks: 6_150)))
        #expect(try Self.request(#"{"symbol":"KO","movePercent":"5.50"}"#).condition == .movePercent(ExactDecimal("5.5")))
        #expect(
            try Self.request(#"{"below":"1"}"#, symbolRequired: false)
                == AlertRequest(symbol: nil, condition: .below(Price(ticks: 100))))
    }

    @Test(arguments: [
        (#"[1]"#, "send an object"),
        (#"{"above":"150"}"#, "needs a symbol"),
        (#"{"symbol":"AAPL"}"#, "exactly one of above, below or movePercent (got none)"),
        (#"{"symbol":"AAPL","above":"150","below":"140"}"#, "got above, below"),
        (#"{"symbol":"AAPL","above":"150.001"}"#, "on the tick"),
        (#"{"symbol":"AAPL","above":"0"}"#, "above 0"),
        (#"{"symbol":"AAPL","below":"-1.00"}"#, "above 0"),
        (#"{"symbol":"AAPL","movePercent":"0"}"#, "above 0"),
        (#"{"symbol":"AAPL","movePercent":"1000.01"}"#, "at most 1000"),
        (#"{"symbol":"AAPL","movePercent":"2.125"}"#, "two decimal places"),
        (#"{"symbol":"AAPL","above":"lots"}"#, "a decimal"),
        (#"{"symbol":"AAPL","above":true}"#, "a decimal"),
        (#"{"symbol":"AAPL","above":150}"#, "a decimal string"),
        (#"{"symbol":7,"above":"1"}"#, "ticker symbol"),
        (#"{"symbol":"AAPL","above":"1","note":"x"}"#, "unknown member \"note\""),
    ])
    func aBadRequestSaysWhatIsWrong(body: String, message: String) {
        #expect {
            try Self.request(body)
        } throws: { error in
            guard case .invalid(let text) = error as? AlertError else { return false }
            return text.contains(message)
        }
    }

    @Test func conditionsAreMetAtTheLevelAndBeyond() {
        let above = AlertCondition.above(Price(ticks: 15_000))
        #expect(above.isMet(price: ExactDecimal("150.00"), changePercent: nil))
        #expect(above.isMet(price: ExactDecimal("150.0001"), changePercent: nil))
        #expect(!above.isMet(price: ExactDecimal("149.9999"), changePercent: nil))
        let below = AlertCondition.below(Price(ticks: 15_000))
        #expect(below.isMet(price: ExactDecimal("150"), changePercent: nil))
        #expect(!below.isMet(price: ExactDecimal("150.01"), changePercent: nil))
        let move = AlertCondition.movePercent(ExactDecimal("5"))
        #expect(move.isMet(price: 1, changePercent: ExactDecimal("-5.00")))
        #expect(move.isMet(price: 1, changePercent: ExactDecimal("7.1")))
        #expect(!move.isMet(price: 1, changePercent: ExactDecimal("4.99")))
        #expect(!move.isMet(price: 1, changePercent: nil), "no previous close: no day's change")
    }

    @Test func theBookFindsWhatAPriceMeetsAndSkipsFiredAlerts() {
        let alerts = [
            Alert(id: "1", symbol: "AAPL", condition: .above(Price(ticks: 20_000)), createdAt: Self.t0),
            Alert(id: "2", symbol: "AAPL", condition: .above(Price(ticks: 19_000)), createdAt: Self.t0),
            Alert(id: "3", symbol: "AAPL", condition: .below(Price(ticks: 10_000)), createdAt: Self.t0),
            Alert(id: "4", symbol: "AAPL", condition: .movePercent(3), createdAt: Self.t0),
            Alert(id: "5", symbol: "KO", condition: .above(Price(ticks: 100)), createdAt: Self.t0),
            Alert(id: "6", symbol: "AAPL", condition: .above(Price(ticks: 100)), status: .fired, createdAt: Self.t0),
        ]
        let book = AlertBook(alerts)
        #expect(book.symbols == ["AAPL", "KO"])
        #expect(book.met(symbol: "AAPL", price: ExactDecimal("150"), changePercent: ExactDecimal("1")).isEmpty)
        #expect(book.met(symbol: "AAPL", price: ExactDecimal("195"), changePercent: nil).map(\.id) == ["2"])
        #expect(
            book.met(symbol: "AAPL", price: ExactDecimal("200"), changePercent: ExactDecimal("-3")).map(\.id) == ["1", "2", "4"])
        #expect(book.met(symbol: "AAPL", price: ExactDecimal("99.99"), changePercent: nil).map(\.id) == ["3"])
        #expect(book.met(symbol: "MSFT", price: ExactDecimal("1000"), changePercent: nil).isEmpty)
    }

    @Test func theListKeepsItsLimitAndItsIdsAndReArmsOnAChange() throws {
        let request = AlertRequest(symbol: "AAPL", condition: .above(Price(ticks: 100)))
        let full = (1...Alerts.maximumCount).map {
            Alert(id: String($0), symbol: "AAPL", condition: .above(Price(ticks: 100)), createdAt: Self.t0)
        }
        #expect(Alerts.adding(request, to: full, lastID: 500, at: Self.t0) == .failure(.tooMany(500)))
        let one = try Alerts.adding(request, to: [], lastID: 7, at: Self.t0).get()
        #expect(one.map(\.id) == ["8"], "ids are never reused: one past the highest ever used")

        let fired = one[0].fired(at: Self.t0, price: 2, changePercent: nil)
        let changed = try Alerts.replacing("8", with: AlertRequest(symbol: nil, condition: .below(Price(ticks: 50))), in: [fired])
            .get()
        #expect(changed == [Alert(id: "8", symbol: "AAPL", condition: .below(Price(ticks: 50)), createdAt: Self.t0)])
        #expect(Alerts.replacing("9", with: request, in: one) == .failure(.notFound("9")))
        #expect(try Alerts.removing("8", from: one).get().isEmpty)
        #expect(Alerts.removing("9", from: one) == .failure(.notFound("9")))
    }
}
