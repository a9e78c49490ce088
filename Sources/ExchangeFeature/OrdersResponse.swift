import BourseCore

/// `GET /api/v1/orders` and `bourse orders --json`.
public struct OrdersResponse: Codable, Sendable {
    public let orders: [OrderJSON]

    public init(_ orders: [Order]) {
        self.orders = orders.map(OrderJSON.init)
    }

    public init(rows: [OrderJSON]) {
        orders = rows
    }
}
