import BourseCore
import Exchange
import ExchangeFeature
import Foundation
import Storage

/// `bourse orders [--user NAME]`: one account's order history (the owner's unless `--user` names
/// another person) from the database, newest first, as aligned
/// columns or as `GET /api/v1/orders`'s JSON. Reads the file directly (a running server may
/// have it open: SQLite in WAL mode lets both read), so it works with the server stopped.
public enum OrdersReport {
    public static let maxLimit = 1000

    /// With `csv`, the orders chosen (by `status` and `limit`) as `GET /api/v1/orders.csv` has
    /// them: oldest first.
    public static func run(
        database: DatabaseLocation, status: String, limit: Int, json: Bool, csv: Bool = false, user: String? = nil
    ) async -> Result<String, CommandFailure> {
        guard (1...maxLimit).contains(limit) else {
            return .failure(CommandFailure(message: "--limit must be from 1 to \(maxLimit), got \(limit)", exitCode: 64))
        }
        guard status == "all" || status == "open" else {
            return .failure(CommandFailure(message: "--status must be open or all, got \(status)", exitCode: 64))
        }
        let read = await CommandDatabase.with(database, user: user, creating: false) {
            stores, account -> Result<[Order], CommandFailure> in
            do {
                let orders: [Order]
                let store = stores.orders
                orders =
                    status == "open"
                    ? Array(try await store.openOrders(account: account).reversed().prefix(limit))
                    : try await store.orders(account: account, limit: limit)
                return .success(orders)
            } catch {
                return .failure(CommandFailure(message: "\(error)", exitCode: 2))
            }
        }
        let orders: [Order]
        switch read {
        case .success(let found): orders = found
        case .failure(let failure): return .failure(failure)
        }
        if csv, !json { return .success(ExchangeCSV.orders(orders.reversed()).text) }
        return CommandFailure.output(OrdersResponse(orders), json: json) { table(orders) }
    }

    /// One line per order under a header row: the stop level in force (a trailing stop's moves),
    /// the time in force, and in DETAIL what else the type carries (trail, trigger, bracket, entry).
    static func table(_ orders: [Order]) -> String {
        guard !orders.isEmpty else { return "No orders yet." }
        let header = [
            "ID", "TIME (UTC)", "SIDE", "TYPE", "QTY", "LIMIT", "STOP", "TIF", "FILLED", "AVG PRICE", "STATUS", "DETAIL",
            "REASON",
        ]
        let rows = orders.map { order in
            [
                order.id, Timestamp.iso8601(order.createdAt), order.side.rawValue, order.type.rawValue, String(order.quantity),
                order.limitPrice?.description ?? "-", order.stopPrice?.description ?? "-", order.timeInForce.rawValue,
                String(order.filledQuantity), order.averagePrice.map(OrderNotice.priceText) ?? "-", order.status.rawValue,
                detail(order), order.reason ?? "",
            ]
        }
        return TextTable.lines([header] + rows, rightAligned: [0, 4, 5, 6, 8, 9]).joined(separator: "\n")
    }

    /// The type's details (`OrderDetails`) joined by "; ", or "-".
    static func detail(_ order: Order) -> String {
        let parts = OrderDetails.parts(
            id: order.id, kind: order.kind, bracket: order.bracket, triggerPrice: order.triggerPrice, parentID: order.parentID)
        return parts.isEmpty ? "-" : parts.joined(separator: "; ")
    }
}
