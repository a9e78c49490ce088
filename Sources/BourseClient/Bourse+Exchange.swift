import Foundation
import OpenAPIRuntime

extension Bourse {
    /// `GET /api/v1/book`: the exchange's stock, its feed's state and its order book as the
    /// account's own orders left it.
    public func book() async throws(BourseError) -> Book {
        try await call { try await client.getBook().ok.body.json }
    }

    /// Which orders `orders(_:limit:)` lists.
    public enum OrderFilter: String, Sendable {
        /// PENDING and PARTIALLY_FILLED.
        case open
        case all
    }

    /// `GET /api/v1/orders`: the account's orders, newest first.
    public func orders(_ filter: OrderFilter = .all, limit: Int? = nil) async throws(BourseError) -> [Order] {
        let status: Operations.ListOrders.Input.Query.StatusPayload = filter == .open ? .open : .all
        return try await call {
            try await client.listOrders(query: .init(status: status, limit: limit)).ok.body.json.orders
        }
    }

    /// `GET /api/v1/orders/{id}`: one order with its fills.
    public func order(id: String) async throws(BourseError) -> OrderEvent {
        try await call { try await client.getOrder(path: .init(id: id)).ok.body.json }
    }

    /// `POST /api/v1/orders`: places an order; the answer is the order after matching (a
    /// market order filled or cancelled, a limit resting or filled) and its fills.
    public func place(_ ticket: OrderTicket) async throws(BourseError) -> OrderEvent {
        let request = try ticket.request()
        return try await call { try await client.placeOrder(body: .json(request)).created.body.json }
    }

    /// `DELETE /api/v1/orders/{id}`: cancels an open order (a bracket's entry takes its exits along).
    public func cancel(orderID id: String) async throws(BourseError) -> OrderEvent {
        try await call { try await client.cancelOrder(path: .init(id: id)).ok.body.json }
    }

    /// `GET /api/v1/orders.csv`: every order of the account as CSV (RFC 4180), oldest first.
    public func ordersCSV() async throws(BourseError) -> String {
        try await call { try await Self.text(client.exportOrders().ok.body.csv) }
    }

    /// A CSV or text body, whole.
    static func text(_ body: HTTPBody) async throws -> String {
        try await String(collecting: body, upTo: 64 * 1024 * 1024)
    }
}
