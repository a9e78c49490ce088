import BourseCore
import Exchange
import Foundation
import TestSupport
import Testing

@testable import ExchangeCluster

/// The desk's messages to the other instances (SPEC §15): every kind read back as it was sent,
/// and anything else refused.
@Suite("The desk's messages")
struct DeskMessageTests {
    static let tick = Ticks.make(7)
    static let left = Ticks.make(7, asks: [(10_127, 300)])

    @Test(arguments: [
        DeskMessage.tick(tick, left: [AccountID(3): left]),
        .tick(tick, left: [:]),
        .state(.live), .state(.connecting), .state(.stale),
        .state(.reconnecting(attempt: 3, retryIn: .milliseconds(2_500))),
        .state(.refused(FeedRefusal(reason: "the key was refused", fix: "check BOURSE_FEED_KEY"))),
        .market(.open), .market(.closed(nextOpen: Date(timeIntervalSince1970: 1_764_340_200))),
        .market(.closed(nextOpen: nil)),
        .order(id: "42", account: AccountID(5)),
        .status(holder: "web-1", state: .live, market: .open, lastTick: tick),
        .status(holder: "web-2", state: .connecting, market: .closed(nextOpen: nil), lastTick: nil),
    ])
    func aMessageReadsBackAsItWasSent(message: DeskMessage) throws {
        #expect(try DeskMessage.parse(message.text) == message)
    }

    @Test(arguments: [
        "", "[]", #"{"kind":"trade"}"#, #"{"kind":"tick"}"#, #"{"kind":"tick","tick":"{}"}"#,
        #"{"kind":"state","state":{"label":"sleeping"}}"#, #"{"kind":"order","id":"1"}"#,
        #"{"kind":"status","state":{"label":"live"},"market":{"open":true}}"#,
    ])
    func anythingElseIsRefused(text: String) {
        #expect(throws: DeskMessageError.self) { try DeskMessage.parse(text) }
    }

    @Test func anOrderEventTravelsAsItsIdAndAccount() throws {
        let order = Order(
            id: "8", account: AccountID(4), request: try .limit(.buy, quantity: 2, price: Price(ticks: 10_000)),
            createdAt: Date(timeIntervalSince1970: 1_763_820_000))
        #expect(DeskMessage(.order(OrderEvent(order: order, fills: []))) == .order(id: "8", account: AccountID(4)))
        #expect(DeskMessage(.tick(Self.tick, left: [:])) == .tick(Self.tick, left: [:]))
    }
}
