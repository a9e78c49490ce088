import BourseCore
import Foundation

/// The exchange's rows as the app's values, for both databases.
enum OrderRecords {
    /// The orders' rows with, for a waiting trailing stop, the furthest reference of the moves of
    /// its account and side stored after its row (`moved_reference_ticks`: the lowest for a buy,
    /// the highest for a sell; NULL when none): `order(_:)` applies it. The same SQL in both
    /// databases; a condition and an order follow, on `exchange_order`'s own columns.
    static let select = """
        SELECT o.*, CASE WHEN o.type = 'trailing_stop' AND o.triggered = 0
                AND o.status IN ('PENDING', 'PARTIALLY_FILLED') THEN
            CASE WHEN o.side = 'buy' THEN
                (SELECT MIN(m.reference_ticks) FROM exchange_trail_move m
                    WHERE m.account_id = o.account_id AND m.side = o.side AND m.seq > o.trail_move_seq)
            ELSE
                (SELECT MAX(m.reference_ticks) FROM exchange_trail_move m
                    WHERE m.account_id = o.account_id AND m.side = o.side AND m.seq > o.trail_move_seq)
            END
        END AS moved_reference_ticks
        FROM exchange_order o
        """

    /// Forgets the moves no waiting trailing stop reads any more: those at or before the oldest
    /// such stop's row (every move when none waits). Both databases.
    static let forgetReadMoves = """
        DELETE FROM exchange_trail_move WHERE seq <= COALESCE(
            (SELECT MIN(trail_move_seq) FROM exchange_order
                WHERE status IN ('PENDING', 'PARTIALLY_FILLED') AND type = 'trailing_stop' AND triggered = 0),
            (SELECT MAX(seq) FROM exchange_trail_move))
        """

    /// Whether a save of `orders` and `trailMoves` must learn the last move's `seq` first: only a
    /// waiting trailing stop's row reads `trail_move_seq`, so a batch with no move and no such
    /// stop (most of them) writes 0 there and asks nothing. Both databases.
    static func readsMoves(orders: [Order], trailMoves: [TrailMove]) -> Bool {
        !trailMoves.isEmpty || orders.contains(where: \.isWaitingTrailingStop)
    }

    /// How many moves are stored between two `forgetReadMoves`.
    static let movesBetweenForgetting: Int64 = 1_024

    /// An order from a row of `select`.
    static func order(_ row: some StoredRow) throws -> Order {
        let stored = try storedOrder(row)
        guard let moved = try row.optionalInt("moved_reference_ticks") else { return stored }
        return TrailMove(account: stored.account, side: stored.side, reference: Price(ticks: moved)).applied(to: stored)
    }

    /// An order as its row holds it, before the moves stored after it.
    private static func storedOrder(_ row: some StoredRow) throws -> Order {
        let id = try row.text("id")
        func unreadable(_ reason: String) -> StorageError { .failed(operation: "read order \(id)", reason: reason) }
        guard let side = Side(rawValue: try row.text("side")), let type = OrderType(rawValue: try row.text("type")),
            let status = OrderStatus(rawValue: try row.text("status")),
            let timeInForce = TimeInForce(rawValue: try row.text("time_in_force"))
        else { throw unreadable("a side, type, status or time in force it does not know") }
        func price(_ column: String) throws -> Price? { try row.optionalInt(column).map(Price.init(ticks:)) }
        let trailPercent = try row.optionalText("trail_percent").flatMap { ExactDecimal($0) }.flatMap { TrailPercent($0) }
        let fields = OrderKindFields(
            type: type, limitPrice: try price("limit_ticks"), stopPrice: try price("stop_ticks"),
            trailAmount: try price("trail_ticks"), trailPercent: trailPercent)
        guard let kind = OrderKind(fields) else {
            throw unreadable(
                type == .trailingStop ? "a trailing stop without its trail" : "a \(type.rawValue) order without its prices")
        }
        return Order(
            id: id, account: AccountID(try row.int("account_id")), side: side, kind: kind,
            quantity: Int(try row.int("quantity")), timeInForce: timeInForce,
            bracket: Bracket(takeProfit: try price("take_profit_ticks"), stopLoss: try price("stop_loss_ticks")),
            parentID: try row.optionalText("parent_id"), createdAt: try row.date("created_at"), status: status,
            filledQuantity: Int(try row.int("filled_quantity")), filledTicks: try row.int("filled_ticks"),
            reason: try row.optionalText("reason"), updatedAt: try row.date("updated_at"), triggered: try row.flag("triggered"),
            triggerPrice: try price("trigger_ticks"), trailReference: try price("trail_reference_ticks"))
    }

    /// A fill, from a row of `exchange_fill` with its order's `account_id`.
    static func fill(_ row: some StoredRow) throws -> Fill {
        guard let side = Side(rawValue: try row.text("side")) else {
            throw StorageError.failed(operation: "read a fill", reason: "a side it does not know")
        }
        return Fill(
            orderID: try row.text("order_id"), account: AccountID(try row.int("account_id")), seq: try row.int("seq"),
            time: try row.date("time"), side: side, price: Price(ticks: try row.int("price_ticks")),
            quantity: Int(try row.int("quantity")))
    }
}
