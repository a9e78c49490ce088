import Foundation
import ReferenceEngines
import Testing

@testable import BourseCore

/// Trailing stops kept in groups (SPEC.md §10, step 2): one worked case each for what the random
/// comparison with the scanning engine checks in bulk.
@Suite("Matching §10: trailing stops in groups")
struct TrailingStopsTests {
    static func price(_ text: String) -> Price { MatchingScript.price(text) }

    static func tick(_ seq: Int64, last: String) -> FeedTick {
        let ticks = price(last).ticks
        return MatchingScript.tick(
            seq, last: last, bids: [(Price(ticks: ticks - 1).description, 100)],
            asks: [(Price(ticks: ticks + 1).description, 100)])
    }

    static func trailing(_ side: Side, _ trail: Trail, quantity: Int = 10) -> OrderRequest {
        try! OrderRequest(side: side, kind: .trailingStop(trail), quantity: quantity)
    }

    static func percent(_ text: String) -> Trail { .percent(TrailPercent(ExactDecimal(text)!)!) }

    /// A new high moves every sell's level: the report says so once and lists no order, and each
    /// order read from the engine shows its new stop price.
    @Test func aNewHighIsOneMoveForAThousandStops() throws {
        var engine = MatchingEngine()
        _ = engine.apply(Self.tick(1, last: "100.00"))
        for i in 0..<1_000 {
            let trail: Trail = i.isMultiple(of: 2) ? .amount(Price(ticks: Int64(100 + i))) : Self.percent("\(1 + i % 7)")
            _ = engine.submit(Self.trailing(.sell, trail), id: "t\(i)", at: MatchingScript.time(1))
        }

        let report = engine.apply(Self.tick(2, last: "101.00"))

        #expect(report.orders.isEmpty && report.fills.isEmpty)
        #expect(report.trailMoves == [TrailMove(account: .owner, side: .sell, reference: Self.price("101.00"))])
        for order in engine.openOrders {
            let trail = try #require(order.kind.trail)
            #expect(order.trailReference == Self.price("101.00"))
            #expect(order.stopPrice == trail.stopLevel(reference: Self.price("101.00"), side: .sell))
        }
    }

    /// Steps stored as one (the trading desk's batch): each stop placed in the batch comes in its
    /// state after the batch's later moves, as the engine holds it, and a stop placed after a move
    /// does not take it.
    @Test func appendedReportsKeepEachStopInItsLastState() throws {
        var engine = MatchingEngine()
        var batch = MatchReport()
        let steps: [(last: String?, place: Side?)] = [
            ("100.00", nil), (nil, .sell), (nil, .buy), ("102.00", nil), ("101.00", nil), (nil, .sell), ("99.00", nil),
            (nil, .buy), ("101.50", nil), ("98.50", nil),
        ]
        for (seq, step) in steps.enumerated() {
            if let last = step.last {
                batch.append(engine.apply(Self.tick(Int64(seq), last: last)))
            } else if let side = step.place {
                batch.append(
                    engine.submit(
                        Self.trailing(side, .amount(Self.price("5.00"))), id: "t\(seq)", at: MatchingScript.time(1)))
            }
        }

        #expect(batch.trailMoves.count == 4)  // 102.00 (sell), 99.00 (buy), 101.50 (sell), 98.50 (buy)
        #expect(batch.orders.map(\.id) == ["t1", "t2", "t5", "t7"])
        #expect(batch.orders == engine.openOrders)
        let reference = Dictionary(uniqueKeysWithValues: batch.orders.map { ($0.id, $0.trailReference?.description) })
        #expect(reference == ["t1": "102.00", "t2": "98.50", "t5": "101.50", "t7": "98.50"])
    }

    /// Listed, the same tick also gives every moved order in placement order, as the trading
    /// desk's store needs them; the engine's open orders are the same either way.
    @Test func listedTheMovedOrdersComeInPlacementOrder() {
        var summarized = MatchingEngine()
        var listed = MatchingEngine()
        for seq: Int64 in 1...3 {
            let tick = Self.tick(seq, last: ["100.00", "99.00", "99.50"][Int(seq) - 1])
            _ = (summarized.apply(tick), listed.apply(tick))
            for side in Side.allCases {
                let request = Self.trailing(side, .amount(Self.price("2.00")))
                let id = "\(side)\(seq)"
                _ = (summarized.submit(request, id: id, at: tick.time), listed.submit(request, id: id, at: tick.time))
            }
        }

        let tick = Self.tick(4, last: "100.20")
        let (a, b) = (summarized.apply(tick), listed.apply(tick, movedStops: .listed))

        // Every sell moves to 100.20 (from 100.00 and, in one group since the last tick, 99.50);
        // no buy moves (their references, 99.00, 99.00 and 99.50, are all below 100.20).
        #expect(a.orders.isEmpty)
        #expect(b.orders.map(\.id) == ["sell1", "sell2", "sell3"])
        #expect(b.orders.allSatisfy { $0.stopPrice == Self.price("98.20") })
        #expect(a.trailMoves == b.trailMoves)
        #expect(a.trailMoves.map(\.side) == [.sell])
        #expect(summarized.openOrders == listed.openOrders)
    }

    /// Stops placed at different highs keep their own references until a high beyond them all
    /// merges them; a high between them moves only those below it.
    @Test func groupsMergeOnlyWhenAHighPassesThem() {
        var engine = MatchingEngine()
        let lasts = ["100.00", "99.00", "99.50", "99.20"]
        for (i, last) in lasts.enumerated() {
            let tick = Self.tick(Int64(i + 1), last: last)
            _ = engine.apply(tick)
            _ = engine.submit(Self.trailing(.sell, .amount(Self.price("2.00"))), id: "s\(i)", at: tick.time)
        }
        func references() -> [String] { engine.openOrders.map { $0.trailReference?.description ?? "-" } }
        #expect(references() == ["100.00", "99.50", "99.50", "99.20"])

        _ = engine.apply(Self.tick(5, last: "99.80"))
        #expect(references() == ["100.00", "99.80", "99.80", "99.80"])

        _ = engine.apply(Self.tick(6, last: "100.10"))
        #expect(references() == ["100.10", "100.10", "100.10", "100.10"])
        #expect(engine.openOrders.map(\.stopPrice) == Array(repeating: Self.price("98.10"), count: 4))
    }

    /// A last that reaches the levels of several groups triggers the stops it reaches in each,
    /// in placement order, and leaves the others waiting.
    @Test func aTriggerTakesFromEveryGroupInPlacementOrder() {
        var engine = MatchingEngine()
        _ = engine.apply(Self.tick(1, last: "100.00"))
        _ = engine.submit(Self.trailing(.buy, .amount(Self.price("1.50"))), id: "b1", at: MatchingScript.time(1))
        _ = engine.submit(Self.trailing(.buy, .amount(Self.price("3.00"))), id: "b2", at: MatchingScript.time(1))
        _ = engine.apply(Self.tick(2, last: "99.00"))
        _ = engine.apply(Self.tick(3, last: "99.50"))
        _ = engine.submit(Self.trailing(.buy, Self.percent("0.4")), id: "b3", at: MatchingScript.time(3))
        _ = engine.submit(Self.trailing(.buy, .amount(Self.price("0.10"))), id: "b4", at: MatchingScript.time(3))
        // b1 and b2 have 99.00 (levels 100.50 and 102.00); b3 and b4 have 99.50 (99.90, rounded
        // up from 99.898, and 99.60).
        #expect(engine.openOrders.map(\.stopPrice) == ["100.50", "102.00", "99.90", "99.60"].map(Self.price))

        let report = engine.apply(Self.tick(4, last: "100.50"))

        #expect(report.orders.filter(\.triggered).map(\.id) == ["b1", "b3", "b4"])
        #expect(report.fills.map(\.orderID) == ["b1", "b3", "b4"])
        #expect(report.trailMoves.isEmpty)
        #expect(engine.openOrders.map(\.id) == ["b2"])
    }

    /// Restored stops (a restart) come back with the references they were saved with, each in
    /// its own group; the next new low moves them all as one.
    @Test func restoredStopsKeepTheirLevelsAndMoveTogether() {
        var engine = MatchingEngine()
        let references = ["50.00", "49.10", "49.60"]
        for (i, reference) in references.enumerated() {
            var order = Order(id: "b\(i)", request: Self.trailing(.buy, Self.percent("1")), createdAt: MatchingScript.start)
            order.trailReference = Self.price(reference)
            engine.restore(order)
        }
        #expect(engine.openOrders.map(\.stopPrice) == ["50.50", "49.60", "50.10"].map(Self.price))

        let report = engine.apply(Self.tick(1, last: "49.00"))

        #expect(report.trailMoves == [TrailMove(account: .owner, side: .buy, reference: Self.price("49.00"))])
        #expect(engine.openOrders.map(\.stopPrice) == Array(repeating: Self.price("49.49"), count: 3))
    }

    /// A trailing stop placed before any last takes the first one, with a move; one cancelled
    /// before that tick is not moved, and a tick whose stops all were cancelled reports nothing.
    @Test func stopsWithoutAReferenceTakeTheFirstLast() {
        var engine = MatchingEngine()
        _ = engine.submit(Self.trailing(.sell, .amount(Self.price("1.00"))), id: "s1", at: MatchingScript.start)
        _ = engine.submit(Self.trailing(.buy, .amount(Self.price("1.00"))), id: "b1", at: MatchingScript.start)
        _ = try? engine.cancel(id: "b1", at: MatchingScript.start)

        let report = engine.apply(Self.tick(1, last: "100.00"))

        #expect(report.trailMoves == [TrailMove(account: .owner, side: .sell, reference: Self.price("100.00"))])
        #expect(engine.openOrder(id: "s1")?.stopPrice == Self.price("99.00"))
        let cancelled = try? engine.cancel(id: "s1", at: MatchingScript.time(1))
        #expect(cancelled?.orders.first?.stopPrice == Self.price("99.00"), "a cancel reports the current level")
        #expect(engine.apply(Self.tick(2, last: "101.00")).isEmpty)
    }

    /// Across accounts, each account's stops move with a move of their own.
    @Test func eachAccountHasItsOwnMoves() {
        var engine = AccountsEngine()
        _ = engine.apply(Self.tick(1, last: "100.00"))
        for account in [AccountID(2), AccountID(3)] {
            _ = engine.submit(
                Self.trailing(.sell, .amount(Self.price("1.00"))), id: "s\(account)", account: account, at: MatchingScript.time(1)
            )
        }

        let report = engine.apply(Self.tick(2, last: "100.40"))

        #expect(report.trailMoves.map(\.account) == [AccountID(2), AccountID(3)])
        #expect(engine.openOrders.map(\.stopPrice) == [Self.price("99.40"), Self.price("99.40")])
    }

    /// `TrailMove.applied(to:)` moves a waiting trailing stop of its account and side only
    /// forward, and leaves every other order alone.
    @Test func aMoveAppliesToWaitingTrailingStopsOfItsAccountAndSide() {
        let move = TrailMove(account: .owner, side: .sell, reference: Self.price("101.00"))
        var waiting = Order(id: "s", request: Self.trailing(.sell, .amount(Self.price("1.00"))), createdAt: MatchingScript.start)
        waiting.trailReference = Self.price("100.00")
        var ahead = waiting
        ahead.trailReference = Self.price("102.00")
        var unreferenced = waiting
        unreferenced.trailReference = nil
        var triggered = waiting
        triggered.triggered = true
        let buy = Order(id: "b", request: Self.trailing(.buy, .amount(Self.price("1.00"))), createdAt: MatchingScript.start)
        let other = Order(
            id: "o", account: AccountID(9), request: Self.trailing(.sell, .amount(Self.price("1.00"))),
            createdAt: MatchingScript.start)
        let stop = Order(
            id: "f", request: try! OrderRequest(side: .sell, kind: .stop(Self.price("99.00")), quantity: 1),
            createdAt: MatchingScript.start)

        #expect(move.applied(to: waiting).trailReference == Self.price("101.00"))
        #expect(move.applied(to: move.applied(to: waiting)) == move.applied(to: waiting))
        #expect(move.applied(to: ahead) == ahead)
        #expect(move.applied(to: unreferenced).trailReference == Self.price("101.00"))
        for unmoved in [triggered, buy, other, stop] {
            #expect(move.applied(to: unmoved) == unmoved)
        }
    }

    /// Thousands of trailing stops placed over a long random walk, both sides, amounts and
    /// percents, some cancelled: every tick's report, told both ways, is the scanning engine's.
    @Test func manyStopsOverALongWalkMatchTheScan() {
        var random = SeededGenerator(seed: 19)
        var fast = MatchingEngine()
        var scanning = ScanningEngine()
        var listed = MatchingEngine()
        var scanningListed = ScanningEngine()
        var last: Int64 = 10_000
        var placed = 0
        var mismatches = 0
        for seq in Int64(1)...400 {
            last += Int64.random(in: -25...25, using: &random)
            let tick = MatchingScript.tick(
                seq, last: Price(ticks: last).description, bids: [(Price(ticks: last - 1).description, 50)],
                asks: [(Price(ticks: last + 1).description, 50)])
            if fast.apply(tick) != scanning.apply(tick) { mismatches += 1 }
            if listed.apply(tick, movedStops: .listed) != scanningListed.apply(tick, movedStops: .listed) { mismatches += 1 }
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                placed += 1
                let side: Side = Bool.random(using: &random) ? .buy : .sell
                let trail: Trail =
                    Bool.random(using: &random)
                    ? .amount(Price(ticks: Int64.random(in: 20...300, using: &random)))
                    : .percent(TrailPercent(ExactDecimal(significand: Int128.random(in: 1...300, using: &random), scale: 2))!)
                let request = Self.trailing(side, trail)
                let id = "t\(placed)"
                if fast.submit(request, id: id, at: tick.time) != scanning.submit(request, id: id, at: tick.time) {
                    mismatches += 1
                }
                _ = (listed.submit(request, id: id, at: tick.time), scanningListed.submit(request, id: id, at: tick.time))
            }
            if Int.random(in: 0..<3, using: &random) == 0, let order = scanning.openOrders.randomElement(using: &random) {
                let a = try? fast.cancel(id: order.id, at: tick.time)
                if a == nil || a != (try? scanning.cancel(id: order.id, at: tick.time)) { mismatches += 1 }
                _ = (try? listed.cancel(id: order.id, at: tick.time), try? scanningListed.cancel(id: order.id, at: tick.time))
            }
            if fast.openOrders != scanning.openOrders || listed.openOrders != fast.openOrders { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(placed > 2_000)
        #expect(fast.openOrders.count > 50, "the walk left \(fast.openOrders.count) stops waiting")
    }
}
