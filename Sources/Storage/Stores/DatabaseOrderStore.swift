import BourseCore
import Foundation
internal import GRDB

/// The exchange's orders and fills in the database. Every `save` is one transaction committed
/// with `synchronous = FULL` before it returns: what the user is told of survives `kill -9`.
public struct DatabaseOrderStore: OrderStore {
    private let database: BourseDatabase

    public init(database: BourseDatabase) {
        self.database = database
    }

    public func save(orders: [Order], fills: [Fill]) throws {
        try attempt("save orders and fills") {
            try database.writer.write { db in
                for order in orders {
                    try db.execute(
                        sql: """
                            INSERT INTO exchange_order (id, side, type, quantity, limit_ticks, created_at, status,
                                filled_quantity, filled_ticks, reason, updated_at)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                            ON CONFLICT(id) DO UPDATE SET
                                status = excluded.status, filled_quantity = excluded.filled_quantity,
                                filled_ticks = excluded.filled_ticks, reason = excluded.reason,
                                updated_at = excluded.updated_at
                            """,
                        arguments: [
                            order.id, order.side.rawValue, order.type.rawValue, order.quantity, order.limitPrice?.ticks,
                            order.createdAt.timeIntervalSince1970, order.status.rawValue, order.filledQuantity,
                            order.filledTicks, order.reason, order.updatedAt.timeIntervalSince1970,
                        ])
                }
                for fill in fills {
                    try db.execute(
                        sql: """
                            INSERT INTO exchange_fill (order_id, seq, time, side, price_ticks, quantity)
                            VALUES (?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            fill.orderID, fill.seq, fill.time.timeIntervalSince1970, fill.side.rawValue,
                            fill.price.ticks, fill.quantity,
                        ])
                }
            }
        }
    }

    public func openOrders() throws -> [Order] {
        try attempt("read the open orders") {
            try database.writer.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM exchange_order WHERE status IN ('PENDING', 'PARTIALLY_FILLED') ORDER BY row"
                ).map(Self.order)
            }
        }
    }

    public func orders(limit: Int) throws -> [Order] {
        try attempt("read the orders") {
            try database.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM exchange_order ORDER BY row DESC LIMIT ?", arguments: [limit])
                    .map(Self.order)
            }
        }
    }

    public func order(id: String) throws -> Order? {
        try attempt("read order \(id)") {
            try database.writer.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM exchange_order WHERE id = ?", arguments: [id]).map(Self.order)
            }
        }
    }

    public func fills(orderID: String) throws -> [Fill] {
        try attempt("read the fills of order \(orderID)") {
            try database.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM exchange_fill WHERE order_id = ? ORDER BY id", arguments: [orderID])
                    .map(Self.fill)
            }
        }
    }

    public func allFills() throws -> [Fill] {
        try attempt("read the fills") {
            try database.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM exchange_fill ORDER BY id").map(Self.fill)
            }
        }
    }

    public func lastOrderNumber() throws -> Int {
        try attempt("read the last order number") {
            try database.writer.read { db in
                try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(CAST(id AS INTEGER)), 0) FROM exchange_order") ?? 0
            }
        }
    }

    private static func order(_ row: Row) throws -> Order {
        let id: String = row["id"]
        guard let side = Side(rawValue: row["side"]), let type = OrderType(rawValue: row["type"]),
            let status = OrderStatus(rawValue: row["status"])
        else { throw StorageError.failed(operation: "read order \(id)", reason: "a side, type or status it does not know") }
        let limit: Int64? = row["limit_ticks"]
        let request = try OrderRequest(side: side, type: type, quantity: row["quantity"], limitPrice: limit.map(Price.init(ticks:)))
        return Order(
            id: id, request: request, createdAt: Date(timeIntervalSince1970: row["created_at"]), status: status,
            filledQuantity: row["filled_quantity"], filledTicks: row["filled_ticks"], reason: row["reason"],
            updatedAt: Date(timeIntervalSince1970: row["updated_at"]))
    }

    private static func fill(_ row: Row) throws -> Fill {
        guard let side = Side(rawValue: row["side"]) else {
            throw StorageError.failed(operation: "read a fill", reason: "a side it does not know")
        }
        return Fill(
            orderID: row["order_id"], seq: row["seq"], time: Date(timeIntervalSince1970: row["time"]), side: side,
            price: Price(ticks: row["price_ticks"]), quantity: row["quantity"])
    }

    /// Runs `body`, turning GRDB's errors into a `StorageError` that names the operation.
    private func attempt<T>(_ operation: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.failed(operation: operation, reason: "\(error)")
        }
    }
}
