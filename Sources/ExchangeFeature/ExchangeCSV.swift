import BourseCore
import Foundation

/// The exchange's exports: `GET /api/v1/orders.csv` (`bourse orders --csv`) and
/// `GET /api/v1/fills.csv`. The orders have the columns of the API's order, in its order and
/// with its names; prices and quantities are numbers, everything else text.
public enum ExchangeCSV {
    public static func orders(_ orders: [Order]) -> CSVExport {
        var table = CSVExport(header: [
            "id", "createdAt", "side", "type", "quantity", "price", "stopPrice", "trailAmount", "trailPercent",
            "timeInForce", "takeProfit", "stopLoss", "parentId", "status", "filledQuantity", "averagePrice", "triggered",
            "triggerPrice", "reason", "updatedAt",
        ])
        for order in orders {
            let kind = order.kind.fields
            table.append([
                .text(order.id), .text(Timestamp.iso8601Milliseconds(order.createdAt)), .text(order.side.rawValue),
                .text(kind.type.rawValue), .number(order.quantity), .number(kind.limitPrice), .number(order.stopPrice),
                .number(kind.trailAmount), .number(kind.trailPercent?.value), .text(order.timeInForce.rawValue),
                .number(order.bracket?.takeProfit), .number(order.bracket?.stopLoss), .text(order.parentID),
                .text(order.status.rawValue), .number(order.filledQuantity),
                order.averagePrice.map { .number(OrderNotice.priceText($0)) } ?? .empty,
                .text(order.triggered ? "true" : "false"), .number(order.triggerPrice), .text(order.reason),
                .text(Timestamp.iso8601Milliseconds(order.updatedAt)),
            ])
        }
        return table
    }

    /// Every fill, oldest first, with its value (price × quantity, exact).
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
