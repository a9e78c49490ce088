import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

/// SPEC.md §10 in the database: a database made before stop orders keeps every order and fill
/// through v7, and every new kind, time in force, trigger, trail reference and bracket exit
/// reads back as it was saved.
@Suite("Orders beyond market and limit, in the database")
struct OrderKindsStorageTests {
    let t0 = Date(timeIntervalSince1970: 1_763_000_000)

    @Test func v7KeepsEveryOrderAndFillOfAnEarlierDatabase() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let old = try BourseDatabase(path: path, migratedThrough: "v6: the user's list of stocks")
            // Rows as the v3 store wrote them.
            try old.execute(
                sql: """
                    INSERT INTO exchange_order (id, side, type, quantity, limit_ticks, created_at, status,
                        filled_quantity, filled_ticks, reason, updated_at)
                    VALUES ('1', 'buy', 'limit', 100, 10120, 1763000000, 'PARTIALLY_FILLED', 40, 404800, NULL, 1763000002),
                           ('2', 'sell', 'market', 50, NULL, 1763000001, 'CANCELLED', 30, 303600,
                            '20 could not be filled: no more bids in the book', 1763000001);
                    INSERT INTO exchange_fill (order_id, seq, time, side, price_ticks, quantity)
                    VALUES ('1', 9, 1763000002, 'buy', 10120, 40), ('2', 7, 1763000001, 'sell', 10120, 30);
                    """)
        }
        let database = try BourseDatabase(path: path)
        #expect(try database.appliedMigrations().contains("v7: orders beyond market and limit"))
        let store = DatabaseOrderStore(database: database)

        let limit = try #require(try await store.order(id: "1"))
        #expect(limit.kind == .limit(Price(ticks: 10_120)))
        #expect(limit.timeInForce == .gtc)
        #expect(limit.status == .partiallyFilled && limit.filledQuantity == 40 && limit.filledTicks == 404_800)
        #expect(limit.triggered && limit.bracket == nil && limit.parentID == nil)
        let market = try #require(try await store.order(id: "2"))
        #expect(market.kind == .market && market.timeInForce == .ioc)
        #expect(market.reason == "20 could not be filled: no more bids in the book")
        #expect(try await store.openOrders().map(\.id) == ["1"])
        #expect(try await store.allFills().map(\.orderID) == ["1", "2"])
        #expect(try await store.lastOrderNumber() == 2)
    }

    /// On SQLite and PostgreSQL alike (SPEC §15).
    @Test(arguments: DatabaseKind.allCases)
    func everyKindReadsBackAsSaved(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        func p(_ text: String) -> Price { try! Price(parsing: text) }
        var trailing = Order(
            id: "3", request: try OrderRequest(side: .sell, kind: .trailingStop(.percent(TrailPercent("2.5")!)), quantity: 10),
            createdAt: t0)
        trailing.trailReference = p("101.40")
        var triggered = Order(
            id: "4",
            request: try OrderRequest(
                side: .buy, kind: .stopLimit(stop: p("101.00"), limit: p("101.05")), quantity: 100, timeInForce: .day),
            createdAt: t0)
        triggered.triggered = true
        triggered.triggerPrice = p("101.00")
        triggered.status = .partiallyFilled
        triggered.filledQuantity = 40
        triggered.filledTicks = 40 * 10_104
        let entry = Order(
            id: "5",
            request: try .limit(
                .buy, quantity: 100, price: p("100.00"), timeInForce: .fok,
                bracket: Bracket(takeProfit: p("101.00"), stopLoss: p("99.00"))),
            createdAt: t0, status: .filled, filledQuantity: 100, filledTicks: 1_000_000)
        var exit = Order(
            id: "5.sl", side: .sell, kind: .stop(p("99.00")), quantity: 100, timeInForce: .gtc, bracket: nil,
            parentID: "5", createdAt: t0, status: .pending)
        exit.quantity = 0
        exit.status = .cancelled
        exit.reason = "the other exit filled"
        let expired = Order(
            id: "6", request: try .limit(.sell, quantity: 5, price: p("120.00"), timeInForce: .day), createdAt: t0,
            status: .expired, reason: "expired at the close")
        let amount = Order(
            id: "7", request: try OrderRequest(side: .buy, kind: .trailingStop(.amount(p("0.50"))), quantity: 1), createdAt: t0)
        let orders = [trailing, triggered, entry, exit, expired, amount]

        try await database.stores.orders.save(orders: orders, fills: [])
        let reopened = try await database.reopen().orders
        for order in orders {
            #expect(try await reopened.order(id: order.id) == order, "order \(order.id)")
        }
        #expect(try await reopened.openOrders().map(\.id) == ["3", "4", "7"])
        // A moved reference and a shrunk exit are updated in place.
        var moved = trailing
        moved.trailReference = p("102.00")
        try await reopened.save(orders: [moved], fills: [])
        #expect(try await reopened.order(id: "3")?.stopPrice == p("99.45"))
        // A bracket exit's id ("5.sl") counts by its entry's number.
        #expect(try await reopened.lastOrderNumber() == 7)
    }
}
