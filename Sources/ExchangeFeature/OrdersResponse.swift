import BourseCore

/// `GET /api/v1/orders` and `bourse orders --json`.
public struct OrdersResponse: Encodable, Sendable {
    let orders: [OrderJSON]

    public init(_ orders: [Order]) {
        self.orders = orders.map(OrderJSON.init)
    }
}
