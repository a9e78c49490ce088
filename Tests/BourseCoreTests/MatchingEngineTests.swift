import Foundation
import Testing

@testable import BourseCore

@Suite("Matching engine: book, times, cancel, restore")
struct MatchingEngineTests {
    typealias S = MatchingScript

    @Test(arguments: RestingOrderIndexKind.allCases)
    func theBookLosesWhatOrdersTake(index: RestingOrderIndexKind) {
        var engine = MatchingEngine(index: index)
        #expect(engine.book == nil)
        _ = engine.apply(S.tick("tick 1 bids 101.00x100 100.99x50 asks 101.02x100 101.03x200 101.05x300"))

        _ = engine.submit(try! .market(.buy, quantity: 250), id: "o1", at: S.time(1))
        _ = engine.submit(try! .limit(.sell, quantity: 120, price: S.price("100.99")), id: "o2", at: S.time(1))

        #expect(
            engine.book?.asks == [
                BookLevel(price: S.price("101.03"), quantity: 50), BookLevel(price: S.price("101.05"), quantity: 300),
            ])
        #expect(engine.book?.bids == [BookLevel(price: S.price("100.99"), quantity: 30)])
        #expect(engine.book?.seq == 1)
        engine.clearBook()
        #expect(engine.book == nil)
    }

    @Test func fillsCarryTheTickSeqAndTheTimeOfTheStep() {
        var engine = MatchingEngine()
        _ = engine.apply(S.tick("tick 4 bids 101.00x100 asks 101.02x100"))
        let placed = S.time(4).addingTimeInterval(0.25)

        let now = engine.submit(try! .limit(.buy, quantity: 150, price: S.price("101.02")), id: "o1", at: placed)
        let later = engine.apply(S.tick("tick 5 bids 101.00x100 asks 101.01x100"))

        #expect(now.fills.map(\.seq) == [4])
        #expect(now.fills.map(\.time) == [placed])
        #expect(now.orders.map(\.updatedAt) == [placed])
        #expect(now.orders.first?.createdAt == placed)
        #expect(later.fills.map(\.seq) == [5])
        #expect(later.fills.map(\.time) == [S.time(5)])
        #expect(later.orders.map(\.updatedAt) == [S.time(5)])
        #expect(later.orders.map(\.status) == [.filled])
        let ticks: Int64 = 10102 * 100 + 10101 * 50
        #expect(later.orders.first?.filledTicks == ticks)
        #expect(later.orders.first?.averagePrice == ExactDecimal("101.0167"))
    }

    @Test func dayOrdersNoLongerOpenAreNotKeptAndTheOpenOnesStillExpire() throws {
        var engine = MatchingEngine()
        _ = engine.apply(S.tick("tick 1 bids 99.99x100 asks 100.01x30"))
        _ = engine.submit(S.request(["keep", "buy", "limit", "10", "90.00", "tif=day"]), id: "keep", at: S.time(1))
        for n in 0..<10_000 {
            _ = engine.submit(S.request(["o\(n)", "buy", "limit", "10", "90.00", "tif=day"]), id: "o\(n)", at: S.time(1))
            _ = try engine.cancel(id: "o\(n)", at: S.time(1))
        }
        // A session of orders placed and cancelled keeps a list the size of the open ones.
        #expect(engine.dayOrders.count - engine.dayOrdersStart < 200)

        let nextSession = engine.apply(S.tick("tick 40000 bids 99.99x100 asks 100.01x30"))
        #expect(nextSession.orders.map(\.id) == ["keep"])
        #expect(nextSession.orders.map(\.status) == [.expired])
    }

    @Test func aTickThatTouchesNoOrderReportsNothing() {
        var engine = MatchingEngine()
        _ = engine.submit(try! .limit(.buy, quantity: 10, price: S.price("100.00")), id: "o1", at: S.time(0))

        let report = engine.apply(S.tick("tick 1 bids 100.50x100 asks 101.00x100"))

        #expect(report == MatchReport())
        #expect(report.isEmpty)
    }

    @Test func cancellingAnUnknownOrFinalOrderIsNotFound() {
        var engine = MatchingEngine()
        _ = engine.apply(S.tick("tick 1 bids 101.00x100 asks 101.02x100"))
        _ = engine.submit(try! .market(.buy, quantity: 10), id: "done", at: S.time(1))
        _ = engine.submit(try! .limit(.buy, quantity: 10, price: S.price("100.00")), id: "open", at: S.time(1))

        #expect(throws: OrderError.notFound("nope")) { try engine.cancel(id: "nope", at: S.time(2)) }
        #expect(throws: OrderError.notFound("done")) { try engine.cancel(id: "done", at: S.time(2)) }
        let cancelled = try? engine.cancel(id: "open", at: S.time(2)).orders.first
        #expect(cancelled?.status == .cancelled)
        #expect(cancelled?.updatedAt == S.time(2))
        #expect(throws: OrderError.notFound("open")) { try engine.cancel(id: "open", at: S.time(3)) }
        #expect(engine.openOrders.isEmpty)
    }

    @Test func anIdAlreadyOpenIsRejectedAndTheOpenOrderLeftAlone() {
        var engine = MatchingEngine()
        _ = engine.submit(try! .limit(.buy, quantity: 10, price: S.price("100.00")), id: "o1", at: S.time(0))

        let report = engine.submit(try! .limit(.sell, quantity: 5, price: S.price("100.00")), id: "o1", at: S.time(0))

        #expect(report.orders.map(\.status) == [.rejected])
        #expect(report.orders.first?.reason == "an open order already has the id o1")
        #expect(engine.openOrders.map(\.side) == [.buy])
    }

    @Test(arguments: RestingOrderIndexKind.allCases)
    func openOrdersAreOldestFirstAndFindableById(index: RestingOrderIndexKind) {
        var engine = MatchingEngine(index: index)
        for (i, limit) in ["100.00", "100.50", "99.00", "100.50"].enumerated() {
            _ = engine.submit(try! .limit(.buy, quantity: 10, price: S.price(limit)), id: "o\(i)", at: S.time(Int64(i)))
        }
        _ = try? engine.cancel(id: "o1", at: S.time(5))

        #expect(engine.openOrders.map(\.id) == ["o0", "o2", "o3"])
        #expect(engine.openOrder(id: "o2")?.limitPrice == S.price("99.00"))
        #expect(engine.openOrder(id: "o1") == nil)
    }

    /// A restart: the open orders are saved, a new engine restores them in submission order, and
    /// the next tick matches exactly as if the engine had never stopped.
    @Test(arguments: RestingOrderIndexKind.allCases)
    func restoredOrdersKeepTheirFillsAndTimePriority(index: RestingOrderIndexKind) {
        var running = MatchingEngine(index: index)
        _ = running.apply(S.tick("tick 1 bids 100.00x100 asks 100.60x30"))
        _ = running.submit(try! .limit(.buy, quantity: 100, price: S.price("100.60")), id: "a", at: S.time(1))
        _ = running.submit(try! .limit(.buy, quantity: 100, price: S.price("100.60")), id: "b", at: S.time(1))
        _ = running.submit(try! .limit(.sell, quantity: 50, price: S.price("101.00")), id: "c", at: S.time(1))
        let saved = running.openOrders
        var restarted = MatchingEngine(index: index)
        for order in saved { restarted.restore(order) }
        let next = S.tick("tick 2 bids 101.00x60 asks 100.60x120")
        #expect(restarted.openOrders == saved)

        let expected = running.apply(next)
        let actual = restarted.apply(next)

        #expect(saved.map(\.status) == [.partiallyFilled, .pending, .pending])
        #expect(actual == expected)
        #expect(actual.fills.map { "\($0.orderID) \($0.quantity)" } == ["a 70", "b 50", "c 50"])
        #expect(actual.orders.first { $0.id == "a" }?.filledQuantity == 100)
    }

    @Test func restoreIgnoresFinalAndMarketOrders() throws {
        var engine = MatchingEngine()
        let filled = Order(
            id: "f", request: try .limit(.buy, quantity: 10, price: S.price("1.00")), createdAt: S.time(0), status: .filled,
            filledQuantity: 10, filledTicks: 1000)
        let market = Order(id: "m", request: try .market(.buy, quantity: 10), createdAt: S.time(0))

        engine.restore(filled)
        engine.restore(market)

        #expect(engine.openOrders.isEmpty)
    }
}
