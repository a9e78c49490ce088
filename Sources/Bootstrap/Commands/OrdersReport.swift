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
        return output(orders.map(OrderJSON.init), json: json, csv: csv)
    }

    /// The orders chosen, newest first: as JSON, CSV (oldest first) or the table.
    static func output(_ orders: [OrderJSON], json: Bool, csv: Bool) -> Result<String, CommandFailure> {
        if csv, !json { return .success(ExchangeCSV.rows(orders.reversed()).text) }
        return CommandFailure.output(OrdersResponse(rows: orders), json: json) { table(orders) }
    }

    /// One line per order under a header row: the stop level in force (a trailing stop's moves),
    /// the time in force, and in DETAIL what else the type carries (trail, trigger, bracket,
    /// entry). From the orders as the API writes them, so a server's orders print the same.
    static func table(_ orders: [OrderJSON]) -> String {
        guard !orders.isEmpty else { return "No orders yet." }
        let header = [
            "ID", "TIME (UTC)", "SIDE", "TYPE", "QTY", "LIMIT", "STOP", "TIF", "FILLED", "AVG PRICE", "STATUS", "DETAIL",
            "REASON",
        ]
        let rows = orders.map { order in
            [
                order.id, seconds(order.createdAt), order.side, order.type, String(order.quantity), order.price ?? "-",
                order.stopPrice ?? "-", order.timeInForce, String(order.filledQuantity), order.averagePrice ?? "-",
                order.status, detail(order), order.reason ?? "",
            ]
        }
        return TextTable.lines([header] + rows, rightAligned: [0, 4, 5, 6, 8, 9]).joined(separator: "\n")
    }

    /// `2026-11-20T14:30:00.125Z` to the second, as the table shows times.
    static func seconds(_ milliseconds: String) -> String {
        Timestamp.parseISO8601(milliseconds).map(Timestamp.iso8601) ?? milliseconds
    }

    /// The type's details (`OrderDetails`) joined by "; ", or "-".
    static func detail(_ order: OrderJSON) -> String {
        let parts = OrderDetails.parts(
            id: order.id, trail: order.trailAmount ?? order.trailPercent.map { "\($0)%" },
            triggerPrice: order.triggerPrice, hasBracket: order.takeProfit != nil || order.stopLoss != nil,
            takeProfit: order.takeProfit, stopLoss: order.stopLoss, parentID: order.parentId)
        return parts.isEmpty ? "-" : parts.joined(separator: "; ")
    }
}
