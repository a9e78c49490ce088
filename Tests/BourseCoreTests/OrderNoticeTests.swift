import Foundation
import Testing

@testable import BourseCore

/// The sentences the screen shows for the order types of SPEC.md §10.
@Suite("Order notices, in a trader's words")
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
        #expect(OrderNotice.text(for: order, newFills: []) == "stop set: buy 100 if the price rises to 101.20")

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
                == "trailing stop set: sell 40 trailing 1.00 below the high (stop 100.90)")
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
                == "buy 100 at 100.00 or less expired at the close: 30 filled, 70 expired")
    }

    @Test func anExitNamesItsEntry() throws {
        var exit = Order(
            id: "10.tp", side: .sell, kind: .limit(Self.price("105.00")), quantity: 60, timeInForce: .gtc, bracket: nil,
            parentID: "10", createdAt: Self.time, status: .cancelled, filledQuantity: 0, reason: "the other exit filled")
        #expect(
            OrderNotice.text(for: exit, newFills: [])
                == "take-profit at 105.00 (sell 60) cancelled: its stop-loss filled (one cancels the other)")
        exit.status = .filled
        exit.reason = nil
        exit.filledQuantity = 60
        exit.filledTicks = 630_000
        #expect(OrderNotice.text(for: exit, newFills: [Self.fill("10.tp", .sell, "105.00", 60)]) == "sold 60 at 105.00")
    }

    static func stopLoss(_ status: OrderStatus, reason: String? = nil) -> Order {
        Order(
            id: "6.sl", side: .sell, kind: .stop(Self.price("135.93")), quantity: 100, timeInForce: .gtc, bracket: nil,
            parentID: "6", createdAt: time, status: status, filledQuantity: 0, reason: reason)
    }

    @Test func anExitSetSaysWhichAndWhere() {
        #expect(OrderNotice.text(for: Self.stopLoss(.pending), newFills: []) == "stop-loss set at 135.93")
        let takeProfit = Order(
            id: "6.tp", side: .sell, kind: .limit(Self.price("140.00")), quantity: 100, timeInForce: .gtc, bracket: nil,
            parentID: "6", createdAt: Self.time, status: .pending)
        #expect(OrderNotice.text(for: takeProfit, newFills: []) == "take-profit set at 140.00")
    }

    @Test func cancellingAnExitSaysTheOtherGoesToo() {
        #expect(
            OrderNotice.text(for: Self.stopLoss(.cancelled, reason: "cancelled by the user"), newFills: [])
                == "stop-loss at 135.93 (sell 100) cancelled, and with it any take-profit (one cancels the other)")
    }

    @Test func aLimitOrderPlacedAndCancelledSaysWhatWasAsked() throws {
        var order = Order(id: "3", request: try .limit(.buy, quantity: 100, price: Self.price("101.20")), createdAt: Self.time)
        #expect(OrderNotice.text(for: order, newFills: []) == "limit order placed: buy 100 at 101.20 or less, waiting")
        order.status = .cancelled
        order.reason = "cancelled by the user"
        #expect(OrderNotice.text(for: order, newFills: []) == "buy 100 at 101.20 or less cancelled")
        order.filledQuantity = 30
        order.filledTicks = 303_600
        #expect(OrderNotice.text(for: order, newFills: []) == "buy 100 at 101.20 or less cancelled; 30 filled, 70 cancelled")
    }

    @Test func aRefusedMarketOrderSaysWhy() throws {
        var order = Order(
            id: "4", request: try OrderRequest(side: .sell, kind: .market, quantity: 5), createdAt: Self.time)
        order.status = .rejected
        order.reason = "no bids in the book"
        #expect(OrderNotice.text(for: order, newFills: []) == "sell 5 at market refused: no bids in the book")
    }

    /// No notice speaks the engine's words: "order 6.sl", "waiting for its trigger".
    @Test func noNoticeNamesAnOrderByItsID() throws {
        let orders: [Order] = [
            Self.stopLoss(.pending), Self.stopLoss(.cancelled, reason: "cancelled by the user"),
            Self.stopLoss(.cancelled, reason: "the other exit filled"),
            Order(
                id: "7", request: try OrderRequest(side: .buy, kind: .stop(Self.price("101.20")), quantity: 100),
                createdAt: Self.time),
        ]
        for order in orders {
            let text = OrderNotice.text(for: order, newFills: [])
            #expect(!text.contains("order 6") && !text.contains("order 7") && !text.contains("trigger:"), "\(text)")
        }
    }
}
