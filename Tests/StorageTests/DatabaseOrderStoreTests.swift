import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

/// On SQLite and PostgreSQL alike (SPEC §15).
@Suite("DatabaseOrderStore")
struct DatabaseOrderStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_763_000_000)

    @Test(arguments: DatabaseKind.allCases)
    func keepsOrdersAndFillsAcrossARestartAndUpdatesAnOrderInPlace(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let limit = try Order(id: "1", request: .limit(.buy, quantity: 100, price: Price(parsing: "101.20")), createdAt: t0)
        let market = try Order(
            id: "2", request: .market(.sell, quantity: 50), createdAt: t0.addingTimeInterval(1), status: .filled,
            filledQuantity: 50, filledTicks: 50 * 10_124)
        let sold = Fill(
            orderID: "2", seq: 7, time: t0.addingTimeInterval(1), side: .sell, price: Price(ticks: 10_124), quantity: 50)
        var partly = limit
        partly.status = .partiallyFilled
        partly.filledQuantity = 40
        partly.filledTicks = 40 * 10_120
        partly.updatedAt = t0.addingTimeInterval(2)
        let bought = Fill(
            orderID: "1", seq: 9, time: t0.addingTimeInterval(2), side: .buy, price: Price(ticks: 10_120), quantity: 40)

        let store = database.stores.orders
        try await store.save(orders: [limit], fills: [])
        try await store.save(orders: [market], fills: [sold])
        try await store.save(orders: [partly], fills: [bought])
        let reopened = try await database.reopen().orders

        #expect(try await reopened.order(id: "1") == partly)
        #expect(try await reopened.order(id: "2") == market)
        #expect(try await reopened.order(id: "3") == nil)
        #expect(try await reopened.openOrders() == [partly])
        #expect(try await reopened.orders(account: .owner, limit: 10).map(\.id) == ["2", "1"])
        #expect(try await reopened.orders(account: .owner, limit: 1).map(\.id) == ["2"])
        let withFills = try #require(try await reopened.orderWithFills(id: "1"))
        #expect(withFills.order == partly && withFills.fills == [bought])
        #expect(try await reopened.orderWithFills(id: "3") == nil)
        #expect(try await reopened.allFills() == [sold, bought])
        #expect(try await reopened.lastOrderNumber() == 2)
    }

    @Test(arguments: DatabaseKind.allCases)
    func anEmptyStoreHasNoOrdersAndStartsNumberingAtOne(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let store = database.stores.orders
        #expect(try await store.openOrders().isEmpty)
        #expect(try await store.allFills().isEmpty)
        #expect(try await store.lastOrderNumber() == 0)
    }

    @Test(arguments: DatabaseKind.allCases)
    func aSaveThatFailsWritesNothing(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let store = database.stores.orders
        let order = try Order(
            id: "1", request: .market(.buy, quantity: 10), createdAt: t0, status: .filled, filledQuantity: 10, filledTicks: 1000)
        // A fill of no shares breaks a CHECK constraint: the whole save must roll back.
        let broken = Fill(orderID: "1", seq: 1, time: t0, side: .buy, price: Price(ticks: 100), quantity: 0)

        await #expect(throws: StorageError.self) { try await store.save(orders: [order], fills: [broken]) }

        #expect(try await store.order(id: "1") == nil)
        #expect(try await store.allFills().isEmpty)
    }
}
