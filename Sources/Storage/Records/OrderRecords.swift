import BourseCore
import Foundation

/// The exchange's rows as the app's values, for both databases.
enum OrderRecords {
    static func order(_ row: some StoredRow) throws -> Order {
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
