import Foundation
import Testing

@testable import BourseCore

@Suite("PositionLedger: the position kept one fill at a time")
struct PositionLedgerTests {
    /// The plain FIFO rule, written apart: open lots as (signed quantity, price ticks), the
    /// oldest first and closed ones removed at once; realized in ticks.
    struct Reference {
        var lots: [(quantity: Int, ticks: Int64)] = []
        var realized: Int128 = 0

        mutating func apply(_ fill: Fill) {
            let sign = fill.side == .buy ? 1 : -1
            var left = fill.quantity
            while left > 0, let first = lots.first, first.quantity.signum() == -sign {
                let closed = min(left, abs(first.quantity))
                realized += Int128(closed) * Int128(fill.price.ticks - first.ticks) * Int128(-sign)
                left -= closed
                if closed == abs(first.quantity) {
                    lots.removeFirst()
                } else {
                    lots[0].quantity += sign * closed
                }
            }
            if left > 0 { lots.append((sign * left, fill.price.ticks)) }
        }
    }

    @Test("After each of 5,000 seeded fills (closed lots compacted on the way), the same as the plain FIFO rule")
    func matchesThePlainRule() throws {
        var random = SplitMix64(seed: 18)
        var ledger = PositionLedger()
        var reference = Reference()
        let last = try Price(parsing: "100.00")
        for i in 0..<5_000 {
            // Mostly one share each way (as the soak trades), now and then a block.
            let quantity = random.next() % 8 == 0 ? Int(random.next() % 500) + 1 : 1
            let fill = Fill(
                orderID: "\(i)", seq: Int64(i), time: Date(timeIntervalSince1970: Double(i)),
                side: random.next() % 2 == 0 ? .buy : .sell, price: Price(ticks: Int64(9_000 + random.next() % 2_000)),
                quantity: quantity)
            ledger.apply(fill)
            reference.apply(fill)
            let position = ledger.position(lastPrice: last)
            let expected = Position(
                open: reference.lots.map { Position.Lot(quantity: $0.quantity, price: Price(ticks: $0.ticks)) },
                realizedTicks: reference.realized, lastPrice: last)
            try #require(position == expected, "after fill \(i)")
        }
    }

    @Test("Built from the fills at once, or one at a time: the same position")
    func batchOrOneByOne() throws {
        let fills = PositionTests.fills(["buy 100 10.00", "buy 100 12.00", "sell 150 11.00", "sell 100 9.00", "buy 20 8.50"])
        var ledger = PositionLedger()
        for fill in fills { ledger.apply(fill) }
        let last = try Price(parsing: "9.00")
        #expect(ledger.position(lastPrice: last) == Position(fills: fills, lastPrice: last))
        #expect(ledger.position(lastPrice: last).quantity == -30)
    }
}
