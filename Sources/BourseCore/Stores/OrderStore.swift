/// Where the exchange keeps orders and fills: the database in the app, memory in some tests.
///
/// `save` is the acknowledgement point: it returns only once the orders and fills are durable
/// (committed to disk for the database store), so the app tells the user of an order or a fill
/// only after it.
///
/// Every method is `async` so that an implementation that waits for a disk (an `fsync`) does it
/// off the caller's thread: the trading desk awaits `save` without holding a thread of the
/// cooperative pool, and other work (quotes, pages, the next orders) runs meanwhile.
public protocol OrderStore: Sendable {
    /// Inserts or updates `orders` (by id) and appends `fills`, all in one transaction: all of it
    /// is stored, or (when it throws) none of it. An order that appears more than once is stored
    /// in its last state; a new order takes its place among the others by its first appearance.
    ///
    /// `trailMoves` are the trailing stops' moves since the last save, in order (`TrailMove`): a
    /// waiting trailing stop not in `orders` is read back with every move stored after its own
    /// last save applied (the reads below), so a move is stored once, not once per stop moved.
    /// The `orders` given are in their state after every move given.
    ///
    /// `answering` maps desk requests (SPEC §15) to the order each placed or cancelled: they are
    /// marked answered in the same transaction, and their posters told once it commits.
    func save(orders: [Order], fills: [Fill], trailMoves: [TrailMove], answering: [DeskTicket: String]) async throws
    /// Every account's orders still open (PENDING or PARTIALLY_FILLED), oldest first: the
    /// engine's resting orders after a restart.
    func openOrders() async throws -> [Order]
    /// `account`'s orders still open, oldest first.
    func openOrders(account: AccountID) async throws -> [Order]
    /// `account`'s orders, newest first, at most `limit`.
    func orders(account: AccountID, limit: Int) async throws -> [Order]
    /// `account`'s order `id`, or nil (another account's order is not found).
    func order(id: String, account: AccountID) async throws -> Order?
    /// `account`'s order `id` and its fills, oldest first, read at one moment (two reads could see
    /// a fill committed between them, and an order that disagrees with its fills), or nil.
    func orderWithFills(id: String, account: AccountID) async throws -> (order: Order, fills: [Fill])?
    /// Every account's fills, oldest first (the positions are computed from them).
    func allFills() async throws -> [Fill]
    /// `account`'s fills, oldest first (its export).
    func fills(account: AccountID) async throws -> [Fill]
    /// The highest order number used so far (0 when there is none): ids are "1", "2", ...
    func lastOrderNumber() async throws -> Int
}

extension OrderStore {
    /// Saves `orders` and `fills`, with no trailing stops' move, answering no desk request.
    public func save(orders: [Order], fills: [Fill]) async throws {
        try await save(orders: orders, fills: fills, trailMoves: [], answering: [:])
    }
}
