import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

/// SPEC.md §10 step 2 in the database: a new high is stored once per account and side (a
/// `TrailMove`), not once per stop it moved, and every read of a waiting trailing stop gives it
/// the reference those moves left it, after a restart too. On SQLite and PostgreSQL alike.
@Suite("Trailing stops' moves, in the database")
struct TrailMoveStorageTests {
    let t0 = Date(timeIntervalSince1970: 1_763_000_000)

    func p(_ text: String) -> Price { try! Price(parsing: text) }

    func trailing(_ id: String, _ account: AccountID, _ side: Side, reference: String, amount: String = "1.00") throws -> Order {
        var order = Order(
            id: id, account: account,
            request: try OrderRequest(side: side, kind: .trailingStop(.amount(p(amount))), quantity: 10), createdAt: t0)
        order.trailReference = p(reference)
        return order
    }

    func move(_ account: AccountID, _ side: Side, _ reference: String) -> TrailMove {
        TrailMove(account: account, side: side, reference: p(reference))
    }

    @Test(arguments: DatabaseKind.allCases)
    func aWaitingStopReadsTheMovesStoredAfterItOnlyOfItsAccountAndSide(kind: DatabaseKind) async throws {
        try await TestDatabase.with(kind) { database in
            let ann = try await database.addPerson("ann")
            let orders = database.stores.orders
            var closed = try trailing("4", .owner, .sell, reference: "100.00")
            closed.status = .cancelled
            try await orders.save(
                orders: [
                    try trailing("1", .owner, .sell, reference: "100.00"), try trailing("2", .owner, .buy, reference: "100.00"),
                    try trailing("3", ann, .sell, reference: "100.00"), closed,
                ], fills: [])
            // A new high for the owner's sells, a new low for their buys: two rows, not one per stop.
            try await orders.save(
                orders: [], fills: [], trailMoves: [move(.owner, .sell, "101.00"), move(.owner, .buy, "99.00")], answering: [:])
            // A stop placed after the high, lower: the next move reaches it, not the old one.
            try await orders.save(orders: [try trailing("5", .owner, .sell, reference: "100.50")], fills: [])
            try await orders.save(orders: [], fills: [], trailMoves: [move(.owner, .sell, "100.80")], answering: [:])
            // An account removed meanwhile: its move is not stored, and nothing fails.
            try await orders.save(orders: [], fills: [], trailMoves: [move(AccountID(99), .sell, "200.00")], answering: [:])

            let expected = ["1": "101.00", "2": "99.00", "3": "100.00", "4": "100.00", "5": "100.80"]
            let reopened = try await database.reopen().orders
            for store in [orders, reopened] {
                for (id, reference) in expected {
                    let account = id == "3" ? ann : .owner
                    let order = try #require(try await store.order(id: id, account: account))
                    #expect(order.trailReference == p(reference), "order \(id)")
                    #expect(try await store.orderWithFills(id: id, account: account)?.order == order)
                }
                #expect(try await store.order(id: "1", account: .owner)?.stopPrice == p("100.00"))
                #expect(try await store.order(id: "2", account: .owner)?.stopPrice == p("100.00"))
                let open = try await store.openOrders()
                #expect(open.map(\.id) == ["1", "2", "3", "5"])
                #expect(open.map { $0.trailReference?.description } == ["101.00", "99.00", "100.00", "100.80"])
                #expect(try await store.openOrders(account: .owner).map(\.id) == ["1", "2", "5"])
                #expect(
                    try await store.orders(account: .owner, limit: 10).map { $0.trailReference?.description }
                        == ["100.80", "100.00", "99.00", "101.00"])
            }

            // Written again (it triggered and filled): the row is what it says, moves or not.
            var filled = try #require(try await orders.order(id: "1", account: .owner))
            filled.triggered = true
            filled.status = .filled
            try await orders.save(orders: [filled], fills: [], trailMoves: [move(.owner, .sell, "105.00")], answering: [:])
            #expect(try await reopened.order(id: "1", account: .owner) == filled)
            #expect(try await reopened.order(id: "5", account: .owner)?.trailReference == p("105.00"))
        }
    }

    /// Each 1,024th move, the moves no waiting stop reads any more are forgotten: a stop written
    /// again (the desk's checkpoint) reads only the moves after it, and one not written again still
    /// reads every move since its own row.
    @Test(arguments: DatabaseKind.allCases)
    func forgottenMovesAreOnlyThoseNoWaitingStopReads(kind: DatabaseKind) async throws {
        try await TestDatabase.with(kind) { database in
            let orders = database.stores.orders
            try await orders.save(
                orders: [
                    try trailing("1", .owner, .sell, reference: "100.00"), try trailing("2", .owner, .buy, reference: "100.00"),
                ],
                fills: [])
            // 1,100 rising highs in 11 commits: past the first forgetting, which keeps them all (both
            // stops' rows are from before the first).
            var high: Int64 = 10_000
            for _ in 0..<11 {
                let moves = (0..<100).map { _ in
                    high += 1
                    return TrailMove(account: .owner, side: .sell, reference: Price(ticks: high))
                }
                try await orders.save(orders: [], fills: [], trailMoves: moves, answering: [:])
            }
            #expect(try await orders.order(id: "1", account: .owner)?.trailReference == Price(ticks: 11_100))
            #expect(try await storedMoves(database) == 1_100)
            // Stop 1 written again with its reference (the desk's checkpoint); stop 2 (a buy) not yet:
            // it still reads every move since its own row, so the second forgetting keeps them all.
            var one = try #require(try await orders.order(id: "1", account: .owner))
            one.trailReference = Price(ticks: high)
            try await orders.save(orders: [one], fills: [])
            func highs(_ commits: Int) async throws {
                for _ in 0..<commits {
                    let moves = (0..<100).map { _ in
                        high += 1
                        return TrailMove(account: .owner, side: .sell, reference: Price(ticks: high))
                    }
                    try await orders.save(orders: [], fills: [], trailMoves: moves, answering: [:])
                }
            }
            try await highs(10)
            try await orders.save(
                orders: [], fills: [], trailMoves: [TrailMove(account: .owner, side: .buy, reference: p("95.00"))],
                answering: [:])
            #expect(try await storedMoves(database) == 2_101)
            // Stop 2 written again too: the third forgetting drops the 1,100 moves before stop 1's row.
            let two = try #require(try await orders.order(id: "2", account: .owner))
            #expect(two.trailReference == p("95.00"))
            try await orders.save(orders: [two], fills: [])
            try await highs(10)
            #expect(try await storedMoves(database) == 2_001)

            let reopened = try await database.reopen().orders
            #expect(try await reopened.order(id: "1", account: .owner)?.trailReference == Price(ticks: high))
            #expect(try await reopened.order(id: "2", account: .owner)?.trailReference == p("95.00"))
        }
    }

    /// How many moves the database holds.
    func storedMoves(_ database: TestDatabase) async throws -> Int {
        switch database.location {
        case .sqlite(let path):
            return try BourseDatabase(path: path).count("exchange_trail_move", account: .owner)
        case .postgres(let url):
            let connection = try await PostgreSQLDatabase.open(url)
            defer { Task { await connection.close() } }
            return try await connection.count("exchange_trail_move", account: .owner)
        }
    }
}
