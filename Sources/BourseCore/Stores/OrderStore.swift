/// Where the exchange keeps orders and fills: the database in the app, memory in some tests.
///
/// `save` is the acknowledgement point: it returns only once the orders and fills are durable
/// (committed to disk for the database store), so the app tells the user of an order or a fill
/// only after it.
public protocol OrderStore: Sendable {
    /// Inserts or updates `orders` (by id) and appends `fills`, all in one transaction.
    func save(orders: [Order], fills: [Fill]) throws
    /// The orders still open (PENDING or PARTIALLY_FILLED), oldest first: the engine's resting
    /// orders after a restart.
    func openOrders() throws -> [Order]
    /// Every order, newest first, at most `limit`.
    func orders(limit: Int) throws -> [Order]
    /// One order, or nil.
    func order(id: String) throws -> Order?
    /// One order's fills, oldest first.
    func fills(orderID: String) throws -> [Fill]
    /// Every fill, oldest first (the position is computed from them).
    func allFills() throws -> [Fill]
    /// The highest order number used so far (0 when there is none): ids are "1", "2", ...
    func lastOrderNumber() throws -> Int
}
