import Foundation
import Testing

@testable import BourseCore

@Suite("Position: quantity, cost and P&L from the fills, FIFO and exact")
struct PositionTests {
    /// `"buy 100 101.25"` → a fill.
    static func fills(_ lines: [String]) -> [Fill] {
        lines.enumerated().map { i, line in
            let w = line.split(separator: " ").map(String.init)
            return Fill(
                orderID: "o\(i)", seq: Int64(i + 1), time: Date(timeIntervalSince1970: Double(i)), side: Side(rawValue: w[0])!,
                price: try! Price(parsing: w[2]), quantity: Int(w[1])!)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let fills: [String]
        let last: String?
        let quantity: Int
        let costBasis: String
        let averageCost: String?
        let realized: String
        let marketValue: String?
        let unrealized: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "no fills: flat", fills: [], last: "10.00", quantity: 0, costBasis: "0.00", averageCost: nil,
            realized: "0.00", marketValue: "0.00", unrealized: "0.00"),
        Case(
            name: "one buy, valued at the last price", fills: ["buy 100 101.25"], last: "102.00", quantity: 100,
            costBasis: "10125.00", averageCost: "101.2500", realized: "0.00", marketValue: "10200.00", unrealized: "75.00"),
        Case(
            name: "no last price: no market value", fills: ["buy 100 101.25"], last: nil, quantity: 100,
            costBasis: "10125.00", averageCost: "101.2500", realized: "0.00", marketValue: nil, unrealized: nil),
        Case(
            name: "two buys: average cost rounds half-even to four places",
            fills: ["buy 1 10.00", "buy 2 10.01"], last: "10.00", quantity: 3, costBasis: "30.02", averageCost: "10.0067",
            realized: "0.00", marketValue: "30.00", unrealized: "-0.02"),
        Case(
            name: "a sell closes the oldest lot first (FIFO)",
            fills: ["buy 100 10.00", "buy 100 12.00", "sell 150 11.00"], last: "11.50", quantity: 50,
            costBasis: "600.00", averageCost: "12.0000", realized: "50.00", marketValue: "575.00", unrealized: "-25.00"),
        Case(
            name: "selling everything: flat, all realized",
            fills: ["buy 100 10.00", "sell 40 10.50", "sell 60 9.75"], last: "20.00", quantity: 0, costBasis: "0.00",
            averageCost: nil, realized: "5.00", marketValue: "0.00", unrealized: "0.00"),
        Case(
            name: "selling more than held opens a short at the sell price",
            fills: ["buy 100 10.00", "sell 150 11.00"], last: "10.50", quantity: -50, costBasis: "-550.00",
            averageCost: "11.0000", realized: "100.00", marketValue: "-525.00", unrealized: "25.00"),
        Case(
            name: "a short from nothing, then bought back in part",
            fills: ["sell 100 20.00", "buy 30 18.00"], last: "21.00", quantity: -70, costBasis: "-1400.00",
            averageCost: "20.0000", realized: "60.00", marketValue: "-1470.00", unrealized: "-70.00"),
        Case(
            name: "buying more than is short turns long",
            fills: ["sell 50 20.00", "buy 80 19.00"], last: "19.00", quantity: 30, costBasis: "570.00", averageCost: "19.0000",
            realized: "50.00", marketValue: "570.00", unrealized: "0.00"),
    ]

    @Test(arguments: cases)
    func position(_ c: Case) {
        let position = Position(fills: Self.fills(c.fills), lastPrice: c.last.map { try! Price(parsing: $0) })

        #expect(position.quantity == c.quantity)
        #expect(position.costBasis.description == c.costBasis)
        #expect(position.averageCost?.description == c.averageCost)
        #expect(position.realizedPnL.description == c.realized)
        #expect(position.marketValue?.description == c.marketValue)
        #expect(position.unrealizedPnL?.description == c.unrealized)
        #expect(position.isFlat == (c.quantity == 0))
        #expect(position.lots.reduce(0) { $0 + $1.quantity } == c.quantity)
    }

    @Test func openLotsAreListedOldestFirst() {
        let position = Position(
            fills: Self.fills(["buy 100 10.00", "buy 100 12.00", "sell 150 11.00", "buy 10 13.00"]), lastPrice: nil)

        #expect(
            position.lots == [
                Position.Lot(quantity: 50, price: Price(ticks: 1200)), Position.Lot(quantity: 10, price: Price(ticks: 1300)),
            ])
    }
}
