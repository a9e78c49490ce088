import BourseCore
import Synchronization

/// An order store in memory that can be slowed down, held and made to fail, and that remembers
/// every commit, for the desk's tests.
public final class MemoryOrderStore: OrderStore {
    public struct Contents {
        public var orders: [String: Order] = [:]
        /// Ids in the order they were first stored.
        public var placement: [String] = []
        public var fills: [Fill] = []
        /// Every trailing stops' move saved, in order.
        public var trailMoves: [TrailMove] = []
        /// How many times `save` was called, failed ones included.
        public var saveCalls = 0
        /// The ids of each committed save, in commit order.
        public var commits: [[String]] = []
    }

    private let contents = Mutex(Contents())
    /// The 1-based `save` call that fails (and stores nothing).
    public let failingSave: Int?
    /// How long a save takes: the time a disk takes to sync.
    public let saveDuration: Duration
    /// Awaited at the start of every save with its call number: a test holds a save here.
    public let beforeSave: @Sendable (Int) async -> Void

    public init(
        failingSave: Int? = nil, saveDuration: Duration = .zero,
        beforeSave: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        self.failingSave = failingSave
        self.saveDuration = saveDuration
        self.beforeSave = beforeSave
    }

    public struct SaveFailed: Error {
        public let call: Int
    }

    /// The moves are kept as the database keeps them: applied to the waiting trailing stops not
    /// saved with them, in order.
    public func save(
        orders: [Order], fills: [Fill], trailMoves: [TrailMove], answering: [DeskTicket: String]
    ) async throws {
        let call = contents.withLock { contents in
            contents.saveCalls += 1
            return contents.saveCalls
        }
        await beforeSave(call)
        if saveDuration > .zero { try? await Task.sleep(for: saveDuration) }
        if call == failingSave { throw SaveFailed(call: call) }
        contents.withLock { contents in
            for move in trailMoves {
                for (id, order) in contents.orders where order.isWaitingTrailingStop {
                    contents.orders[id] = move.applied(to: order)
                }
            }
            contents.trailMoves += trailMoves
            for order in orders {
                if contents.orders[order.id] == nil { contents.placement.append(order.id) }
                contents.orders[order.id] = order
            }
            contents.fills += fills
            contents.commits.append(orders.map(\.id))
        }
    }

    public func orderWithFills(id: String, account: AccountID) async throws -> (order: Order, fills: [Fill])? {
        contents.withLock { contents in
            contents.orders[id].flatMap { $0.account == account ? $0 : nil }.map {
                ($0, contents.fills.filter { $0.orderID == id })
            }
        }
    }

    public func openOrders() async throws -> [Order] {
        contents.withLock { contents in
            contents.placement.compactMap { contents.orders[$0] }.filter { $0.status.isOpen }
        }
    }

    public func openOrders(account: AccountID) async throws -> [Order] {
        try await openOrders().filter { $0.account == account }
    }

    public func orders(account: AccountID, limit: Int) async throws -> [Order] {
        contents.withLock { contents in
            Array(
                contents.placement.reversed().compactMap { contents.orders[$0] }.filter { $0.account == account }
                    .prefix(limit))
        }
    }

    public func order(id: String, account: AccountID) async throws -> Order? {
        contents.withLock { $0.orders[id].flatMap { $0.account == account ? $0 : nil } }
    }

    public func allFills() async throws -> [Fill] {
        contents.withLock { $0.fills }
    }

    public func fills(account: AccountID) async throws -> [Fill] {
        contents.withLock { $0.fills.filter { $0.account == account } }
    }

    public func lastOrderNumber() async throws -> Int {
        contents.withLock { $0.placement.compactMap { Int($0) }.max() ?? 0 }
    }

    /// Whether every order numbered 1 to `number` is stored.
    public func holdsEveryOrder(upTo number: Int) -> Bool {
        contents.withLock { contents in (0..<number).allSatisfy { contents.orders[String($0 + 1)] != nil } }
    }

    public var snapshot: Contents { contents.withLock { $0 } }
}
