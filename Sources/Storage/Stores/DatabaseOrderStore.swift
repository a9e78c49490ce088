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

    /// The orders and fills of an account that was removed meanwhile (by `bourse users remove` in
    /// another process, while this desk still held its open orders) are not written: the account
    /// and everything it had are gone, and nothing of it comes back.
    ///
    /// One transaction on GRDB's writer queue (its own serial dispatch queue, not a thread of the
    /// cooperative pool): the caller is suspended, not blocked, through the commit and its fsync.
    ///
    /// The moves are inserted first, and every order row written records the last move's `seq`
    /// (0 when the batch has neither a move nor a waiting trailing stop, whose rows never read it);
    /// each 1,024th move, the moves no waiting trailing stop reads any more are deleted.
    ///
    /// `answering` marks desk requests answered (SPEC §15); one SQLite instance has none.
    public func save(
        orders: [Order], fills: [Fill], trailMoves: [TrailMove], answering: [DeskTicket: String]
    ) async throws {
        try await attempt("save orders and fills") {
            try await database.writer.write { db in
                let lastMove = "SELECT COALESCE(MAX(seq), 0) FROM exchange_trail_move"
                let readsMoves = OrderRecords.readsMoves(orders: orders, trailMoves: trailMoves)
                let before = readsMoves ? try Int64.fetchOne(db, sql: lastMove) ?? 0 : 0
                let insertMove = try db.cachedStatement(
                    sql: """
                        INSERT INTO exchange_trail_move (account_id, side, reference_ticks)
                        SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM account WHERE id = ?1)
                        """)
                for move in trailMoves {
                    try insertMove.execute(arguments: [move.account.rawValue, move.side.rawValue, move.reference.ticks])
                }
                let after = trailMoves.isEmpty ? before : try Int64.fetchOne(db, sql: lastMove) ?? 0
                // Cached statements: a group commit writes many rows with the same two statements.
                let upsert = try db.cachedStatement(
                    sql: """
                        INSERT INTO exchange_order (id, account_id, side, type, quantity, limit_ticks, stop_ticks, trail_ticks,
                            trail_percent, time_in_force, take_profit_ticks, stop_loss_ticks, parent_id, triggered,
                            trigger_ticks, trail_reference_ticks, created_at, status, filled_quantity, filled_ticks,
                            reason, updated_at, trail_move_seq)
                        SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
                        WHERE EXISTS (SELECT 1 FROM account WHERE id = ?2)
                        ON CONFLICT(id) DO UPDATE SET
                            quantity = excluded.quantity, triggered = excluded.triggered,
                            trigger_ticks = excluded.trigger_ticks, trail_reference_ticks = excluded.trail_reference_ticks,
                            status = excluded.status, filled_quantity = excluded.filled_quantity,
                            filled_ticks = excluded.filled_ticks, reason = excluded.reason,
                            updated_at = excluded.updated_at, trail_move_seq = excluded.trail_move_seq
                        """)
                for order in orders {
                    let kind = order.kind.fields
                    try upsert.execute(arguments: [
                        order.id, order.account.rawValue, order.side.rawValue, kind.type.rawValue, order.quantity,
                        kind.limitPrice?.ticks,
                        kind.stopPrice?.ticks, kind.trailAmount?.ticks, kind.trailPercent?.description,
                        order.timeInForce.rawValue,
                        order.bracket?.takeProfit?.ticks, order.bracket?.stopLoss?.ticks, order.parentID, order.triggered,
                        order.triggerPrice?.ticks, order.trailReference?.ticks, order.createdAt.timeIntervalSince1970,
                        order.status.rawValue, order.filledQuantity, order.filledTicks, order.reason,
                        order.updatedAt.timeIntervalSince1970, after,
                    ])
                }
                let insertFill = try db.cachedStatement(
                    sql: """
                        INSERT INTO exchange_fill (order_id, seq, time, side, price_ticks, quantity)
                        SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM exchange_order WHERE id = ?1)
                        """)
                for fill in fills {
                    try insertFill.execute(arguments: [
                        fill.orderID, fill.seq, fill.time.timeIntervalSince1970, fill.side.rawValue,
                        fill.price.ticks, fill.quantity,
                    ])
                }
                for (ticket, orderID) in answering {
                    try db.execute(
                        sql: "UPDATE desk_request SET order_id = ? WHERE ticket = ?", arguments: [orderID, ticket.rawValue])
                }
                if after / OrderRecords.movesBetweenForgetting != before / OrderRecords.movesBetweenForgetting {
                    try db.execute(sql: OrderRecords.forgetReadMoves)
                }
            }
        }
    }

    public func openOrders() async throws -> [Order] {
        try await attempt("read the open orders") {
            try await database.writer.read { db in
                try Row.fetchAll(
                    db, sql: OrderRecords.select + " WHERE status IN ('PENDING', 'PARTIALLY_FILLED') ORDER BY row"
                ).map(OrderRecords.order)
            }
        }
    }

    public func openOrders(account: AccountID) async throws -> [Order] {
        try await attempt("read the open orders") {
            try await database.writer.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        \(OrderRecords.select)
                        WHERE status IN ('PENDING', 'PARTIALLY_FILLED') AND account_id = ? ORDER BY row
                        """, arguments: [account.rawValue]
                ).map(OrderRecords.order)
            }
        }
    }

    public func orders(account: AccountID, limit: Int) async throws -> [Order] {
        try await attempt("read the orders") {
            try await database.writer.read { db in
                try Row.fetchAll(
                    db, sql: OrderRecords.select + " WHERE account_id = ? ORDER BY row DESC LIMIT ?",
                    arguments: [account.rawValue, limit]
                ).map(OrderRecords.order)
            }
        }
    }

    public func order(id: String, account: AccountID) async throws -> Order? {
        try await attempt("read order \(id)") {
            try await database.writer.read { db in
                try Row.fetchOne(
                    db, sql: OrderRecords.select + " WHERE id = ? AND account_id = ?",
                    arguments: [id, account.rawValue]
                ).map(OrderRecords.order)
            }
        }
    }

    public func orderWithFills(id: String, account: AccountID) async throws -> (order: Order, fills: [Fill])? {
        try await attempt("read order \(id) and its fills") {
            try await database.writer.read { db -> (order: Order, fills: [Fill])? in
                guard
                    let order = try Row.fetchOne(
                        db, sql: OrderRecords.select + " WHERE id = ? AND account_id = ?",
                        arguments: [id, account.rawValue])
                else { return nil }
                let fills = try Row.fetchAll(
                    db, sql: "\(Self.fillsQuery) WHERE f.order_id = ? ORDER BY f.id", arguments: [id])
                return (try OrderRecords.order(order), try fills.map(OrderRecords.fill))
            }
        }
    }

    public func allFills() async throws -> [Fill] {
        try await attempt("read the fills") {
            try await database.writer.read { db in
                try Row.fetchAll(db, sql: "\(Self.fillsQuery) ORDER BY f.id").map(OrderRecords.fill)
            }
        }
    }

    public func fills(account: AccountID) async throws -> [Fill] {
        try await attempt("read the fills") {
            try await database.writer.read { db in
                try Row.fetchAll(
                    db, sql: "\(Self.fillsQuery) WHERE o.account_id = ? ORDER BY f.id", arguments: [account.rawValue]
                ).map(OrderRecords.fill)
            }
        }
    }

    /// The fills with their order's account.
    private static let fillsQuery =
        "SELECT f.*, o.account_id FROM exchange_fill f JOIN exchange_order o ON o.id = f.order_id"

    public func lastOrderNumber() async throws -> Int {
        try await attempt("read the last order number") {
            try await database.writer.read { db in
                try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(CAST(id AS INTEGER)), 0) FROM exchange_order") ?? 0
            }
        }
    }

}
