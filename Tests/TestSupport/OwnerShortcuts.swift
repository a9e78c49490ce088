import BourseCore
import Exchange

/// The owner's orders, for the many tests of one person alone: what every call meant before the
/// exchange had accounts (SPEC.md §14, "one person alone changes nothing").
extension ExchangeDesk {
    public func place(_ request: OrderRequest) async throws -> OrderEvent {
        try await place(request, account: .owner)
    }

    public func cancel(id: String) async throws -> OrderEvent {
        try await cancel(id: id, account: .owner)
    }

    public func orders(limit: Int) async throws -> [Order] {
        try await orders(account: .owner, limit: limit)
    }

    public func openOrders() async throws -> [Order] {
        try await openOrders(account: .owner)
    }

    public func order(id: String) async throws -> OrderEvent? {
        try await order(id: id, account: .owner)
    }

    public func fills() async throws -> [Fill] {
        try await fills(account: .owner)
    }

    public func position() async throws -> Position {
        try await position(account: .owner)
    }

    public var book: FeedTick? {
        get async { await book(account: .owner) }
    }
}

extension OrderStore {
    public func order(id: String) async throws -> Order? {
        try await order(id: id, account: .owner)
    }

    public func orderWithFills(id: String) async throws -> (order: Order, fills: [Fill])? {
        try await orderWithFills(id: id, account: .owner)
    }
}
