import BourseCore
import Foundation

/// The exchange's exports: `GET /api/v1/orders.csv` (`bourse orders --csv`) and
/// `GET /api/v1/fills.csv`. The orders have the columns of the API's order, in its order and
/// with its names; prices and quantities are numbers, everything else text.
public enum ExchangeCSV {
    public static func orders(_ orders: [Order]) -> CSVExport {
        rows(orders.map(OrderJSON.init))
    }

    /// The same table from the orders as the API writes them (the command line's remote mode
    /// reads them from a server).
    public static func rows(_ orders: [OrderJSON]) -> CSVExport {
        var table = CSVExport(header: [
            "id", "createdAt", "side", "type", "quantity", "price", "stopPrice", "trailAmount", "trailPercent",
            "timeInForce", "takeProfit", "stopLoss", "parentId", "status", "filledQuantity", "averagePrice", "triggered",
            "triggerPrice", "reason", "updatedAt",
        ])
        for order in orders {
            table.append([
                .text(order.id), .text(order.createdAt), .text(order.side), .text(order.type), .number(order.quantity),
                number(order.price), number(order.stopPrice), number(order.trailAmount), number(order.trailPercent),
                .text(order.timeInForce), number(order.takeProfit), number(order.stopLoss), .text(order.parentId),
                .text(order.status), .number(order.filledQuantity), number(order.averagePrice),
                .text(order.triggered ? "true" : "false"), number(order.triggerPrice), .text(order.reason),
                .text(order.updatedAt),
            ])
        }
        return table
    }

    /// A decimal the API wrote as a string, or an empty cell.
    private static func number(_ text: String?) -> CSVCell { text.map { .number($0) } ?? .empty }

    public static func fills(_ fills: [Fill]) -> CSVExport {
        var table = CSVExport(header: ["orderId", "time", "side", "price", "quantity", "value", "seq"])
        for fill in fills {
            table.append([
                .text(fill.orderID), .text(Timestamp.iso8601Milliseconds(fill.time)), .text(fill.side.rawValue),
                .number(fill.price), .number(fill.quantity), .number(fill.price.decimal * ExactDecimal(fill.quantity)),
                .number(String(fill.seq)),
            ])
        }
        return table
    }
}
