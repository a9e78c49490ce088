import BourseCore
import Foundation
internal import PostgresNIO

/// The exchange's orders and fills in PostgreSQL. Every `save` is one transaction, committed
/// (and on the server's disk) before it returns, as `DatabaseOrderStore`'s is in SQLite.
public struct PostgresOrderStore: OrderStore {
    private let database: PostgreSQLDatabase

    public init(database: PostgreSQLDatabase) {
        self.database = database
    }

    /// As in SQLite: the rows of an account removed meanwhile are not written. Each desk request
    /// in `answering` is marked answered by its order in the same transaction, and its poster
    /// told when it commits (`pg_notify` is sent at the commit, and not at all on a rollback).
    /// The trailing stops' moves as in SQLite: inserted first, the last one's `seq` on every order
    /// row written (0 when the batch has neither a move nor a waiting trailing stop), the moves no
    /// waiting stop reads forgotten each 1,024th. One desk writes at a time (SPEC §15), so the
    /// identity's order is the moves' order.
    public func save(
        orders: [Order], fills: [Fill], trailMoves: [TrailMove], answering: [DeskTicket: String]
    ) async throws {
        let logger = database.logger
        try await database.write("save orders and fills") { connection in
            func lastMove() async throws -> Int64 {
                try await connection.row("SELECT COALESCE(MAX(seq), 0) AS last FROM exchange_trail_move", logger: logger)?
                    .int("last") ?? 0
            }
            let readsMoves = OrderRecords.readsMoves(orders: orders, trailMoves: trailMoves)
            let before = readsMoves ? try await lastMove() : 0
            for move in trailMoves {
                try await connection.run(
                    """
                    INSERT INTO exchange_trail_move (account_id, side, reference_ticks)
                    SELECT \(move.account.rawValue), \(move.side.rawValue), \(move.reference.ticks)
                    WHERE EXISTS (SELECT 1 FROM account WHERE id = \(move.account.rawValue))
                    """, logger: logger)
            }
            let after = trailMoves.isEmpty ? before : try await lastMove()
            for order in orders {
                let kind = order.kind.fields
                try await connection.run(
                    """
                    INSERT INTO exchange_order (id, account_id, side, type, quantity, limit_ticks, stop_ticks, trail_ticks,
                        trail_percent, time_in_force, take_profit_ticks, stop_loss_ticks, parent_id, triggered,
                        trigger_ticks, trail_reference_ticks, created_at, status, filled_quantity, filled_ticks,
                        reason, updated_at, trail_move_seq)
                    SELECT \(order.id), \(order.account.rawValue), \(order.side.rawValue), \(kind.type.rawValue),
                        \(order.quantity), \(kind.limitPrice?.ticks), \(kind.stopPrice?.ticks), \(kind.trailAmount?.ticks),
                        \(kind.trailPercent?.description), \(order.timeInForce.rawValue),
                        \(order.bracket?.takeProfit?.ticks), \(order.bracket?.stopLoss?.ticks), \(order.parentID),
                        \(order.triggered ? 1 : 0), \(order.triggerPrice?.ticks), \(order.trailReference?.ticks),
                        \(order.createdAt.timeIntervalSince1970), \(order.status.rawValue), \(order.filledQuantity),
                        \(order.filledTicks), \(order.reason), \(order.updatedAt.timeIntervalSince1970), \(after)
                    WHERE EXISTS (SELECT 1 FROM account WHERE id = \(order.account.rawValue))
                    ON CONFLICT (id) DO UPDATE SET
                        quantity = excluded.quantity, triggered = excluded.triggered,
                        trigger_ticks = excluded.trigger_ticks, trail_reference_ticks = excluded.trail_reference_ticks,
                        status = excluded.status, filled_quantity = excluded.filled_quantity,
                        filled_ticks = excluded.filled_ticks, reason = excluded.reason,
                        updated_at = excluded.updated_at, trail_move_seq = excluded.trail_move_seq
                    """, logger: logger)
            }
            for fill in fills {
                try await connection.run(
                    """
                    INSERT INTO exchange_fill (order_id, seq, "time", side, price_ticks, quantity)
                    SELECT \(fill.orderID), \(fill.seq), \(fill.time.timeIntervalSince1970), \(fill.side.rawValue),
                        \(fill.price.ticks), \(fill.quantity)
                    WHERE EXISTS (SELECT 1 FROM exchange_order WHERE id = \(fill.orderID))
                    """, logger: logger)
            }
            for (ticket, orderID) in answering {
                try await connection.run(
                    "UPDATE desk_request SET order_id = \(orderID) WHERE ticket = \(ticket.rawValue)", logger: logger)
                try await PostgresDeskLink.notify(.answered(ticket), on: connection, logger: logger)
            }
            if after / OrderRecords.movesBetweenForgetting != before / OrderRecords.movesBetweenForgetting {
                try await connection.run(PostgresQuery(unsafeSQL: OrderRecords.forgetReadMoves), logger: logger)
            }
        }
    }

    public func openOrders() async throws -> [Order] {
        try await orders("read the open orders", "WHERE status IN ('PENDING', 'PARTIALLY_FILLED') ORDER BY \"row\"")
    }

    public func openOrders(account: AccountID) async throws -> [Order] {
        try await orders(
            "read the open orders",
            "WHERE status IN ('PENDING', 'PARTIALLY_FILLED') AND account_id = \(account.rawValue) ORDER BY \"row\"")
    }

    public func orders(account: AccountID, limit: Int) async throws -> [Order] {
        try await orders("read the orders", "WHERE account_id = \(account.rawValue) ORDER BY \"row\" DESC LIMIT \(max(0, limit))")
    }

    public func order(id: String, account: AccountID) async throws -> Order? {
        try await orders("read order \(id)", "WHERE id = \(id) AND account_id = \(account.rawValue)").first
    }

    public func orderWithFills(id: String, account: AccountID) async throws -> (order: Order, fills: [Fill])? {
        let logger = database.logger
        return try await database.read("read order \(id) and its fills") { connection -> (order: Order, fills: [Fill])? in
            guard
                let order = try await connection.row(
                    "\(unescaped: OrderRecords.select) WHERE id = \(id) AND account_id = \(account.rawValue)", logger: logger)
            else { return nil }
            let fills = try await connection.rows(
                "\(unescaped: Self.fillsQuery) WHERE f.order_id = \(id) ORDER BY f.id", logger: logger)
            return (try OrderRecords.order(order), try fills.map(OrderRecords.fill))
        }
    }

    public func allFills() async throws -> [Fill] {
        try await fills("ORDER BY f.id")
    }

    public func fills(account: AccountID) async throws -> [Fill] {
        try await fills("WHERE o.account_id = \(account.rawValue) ORDER BY f.id")
    }

    public func lastOrderNumber() async throws -> Int {
        let logger = database.logger
        return try await database.read("read the last order number") { connection in
            Int(
                try await connection.row(
                    // An id's leading digits, as SQLite's CAST reads them: a bracket exit "5.sl" is 5.
                    """
                    SELECT COALESCE(MAX(CAST(substring(id FROM '^[0-9]+') AS BIGINT)), 0) AS last FROM exchange_order
                    """, logger: logger)?.int("last")
                    ?? 0)
        }
    }

    /// The fills with their order's account.
    private static let fillsQuery =
        "SELECT f.*, o.account_id FROM exchange_fill f JOIN exchange_order o ON o.id = f.order_id"

    private func orders(_ operation: String, _ condition: PostgresQuery) async throws -> [Order] {
        let logger = database.logger
        return try await database.read(operation) { connection in
            try await connection.rows(
                PostgresQuery(unsafeSQL: OrderRecords.select + " " + condition.sql, binds: condition.binds),
                logger: logger
            ).map(OrderRecords.order)
        }
    }

    private func fills(_ condition: PostgresQuery) async throws -> [Fill] {
        let logger = database.logger
        return try await database.read("read the fills") { connection in
            try await connection.rows(
                PostgresQuery(unsafeSQL: Self.fillsQuery + " " + condition.sql, binds: condition.binds), logger: logger
            ).map(OrderRecords.fill)
        }
    }
}
