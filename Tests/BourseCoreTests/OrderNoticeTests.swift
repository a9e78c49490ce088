import Foundation
import Testing

@testable import BourseCore

/// The sentences the screen shows for the order types of SPEC.md §10.
@Suite("Order notices for stops, expiry and brackets")
struct OrderNoticeTests {
    static let time = Date(timeIntervalSince1970: 1_795_000_000)

    static func price(_ text: String) -> Price { try! Price(parsing: text) }

    static func fill(_ id: String, _ side: Side, _ price: String, _ quantity: Int) -> Fill {
        Fill(orderID: id, seq: 3, time: time, side: side, price: Self.price(price), quantity: quantity)
    }

    @Test func aTriggeredStopSaysWhereItTriggeredAndWhatItDid() throws {
        var order = Order(
            id: "7", request: try OrderRequest(side: .buy, kind: .stop(Self.price("101.20")), quantity: 100), createdAt: Self.time
        )
        #expect(OrderNotice.text(for: order, newFills: []) == "order 7 waiting for its trigger: stop buy of 100 at 101.20")

        order.triggered = true
        order.triggerPrice = Self.price("101.20")
        order.status = .filled
        order.filledQuantity = 100
        order.filledTicks = 1_012_200
        let fills = [Self.fill("7", .buy, "101.22", 100)]
        #expect(OrderNotice.text(for: order, newFills: fills) == "stop triggered at 101.20: bought 100 at 101.22")
    }

    @Test func aTrailingStopShowsItsTrailAndCurrentLevel() throws {
        var order = Order(
            id: "8", request: try OrderRequest(side: .sell, kind: .trailingStop(.amount(Self.price("1.00"))), quantity: 40),
            createdAt: Self.time)
        order.trailReference = Self.price("101.90")
        #expect(
            OrderNotice.text(for: order, newFills: [])
                == "order 8 waiting for its trigger: trailing stop sell of 40, 1.00 behind (stop 100.90)")
    }

    @Test func aDayOrderThatExpiresSaysWhatFilledAndWhatExpired() throws {
        var order = Order(
            id: "9", request: try .limit(.buy, quantity: 100, price: Self.price("100.00"), timeInForce: .day),
            createdAt: Self.time)
        order.status = .expired
        order.filledQuantity = 30
        order.filledTicks = 300_000
        order.reason = "expired at the close"
        #expect(
            OrderNotice.text(for: order, newFills: [])
                == "order 9 expired at the close (limit buy of 100 at 100.00): 30 filled, 70 expired")
    }

    @Test func anExitNamesItsEntry() throws {
        var exit = Order(
            id: "10.tp", side: .sell, kind: .limit(Self.price("105.00")), quantity: 60, timeInForce: .gtc, bracket: nil,
            parentID: "10", createdAt: Self.time, status: .cancelled, filledQuantity: 0, reason: "the other exit filled")
        #expect(
            OrderNotice.text(for: exit, newFills: [])
                == "order 10.tp cancelled (take-profit of order 10: limit sell of 60 at 105.00): the other exit filled; "
                + "0 filled, 60 cancelled")
        exit.status = .filled
        exit.reason = nil
        exit.filledQuantity = 60
        exit.filledTicks = 630_000
        #expect(OrderNotice.text(for: exit, newFills: [Self.fill("10.tp", .sell, "105.00", 60)]) == "sold 60 at 105.00")
    }
}
