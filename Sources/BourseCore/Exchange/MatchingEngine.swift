import Foundation

/// The single-stock exchange's matching: the user's orders against the feed's book.
///
/// The feed's book is the market; the engine keeps what is left of the current tick's book
/// after the user's orders took from it, and the user's open limit orders. Each new tick replaces
/// the book and the resting orders match against it in price-time priority (buys: highest limit
/// first; sells: lowest limit first; then the earliest submitted). The user's own buys and sells
/// never trade with each other. Fills are at the book's price, so any improvement on a limit
/// goes to the user.
///
/// The engine holds open orders only: an order that becomes final is returned in the
/// `MatchReport` and forgotten.
public struct MatchingEngine: Sendable {
    /// An open order and its place in the index.
    struct Resting: Sendable {
        var order: Order
        let key: RestingKey
    }

    /// What is left of the current tick's book; nil before any tick or after `clearBook()`.
    public internal(set) var book: FeedTick?
    var index: any RestingOrderIndex
    /// Open orders by their priority (submission counter).
    var resting: [Int64: Resting] = [:]
    /// Priority of each open order's id.
    var priorities: [String: Int64] = [:]
    /// The next submission counter: time priority is submission order, not the clock.
    var nextPriority: Int64 = 0

    public init(index: RestingOrderIndexKind = .priceTime) {
        self.index = index.makeIndex()
    }

    /// Replaces the book with the tick's and matches the resting orders against it in price-time
    /// priority, buys first, then sells (they take from different sides of the book).
    public mutating func apply(_ tick: FeedTick) -> MatchReport {
        book = tick
        var report = MatchReport()
        matchResting(.buy, seq: tick.seq, time: tick.time, into: &report)
        matchResting(.sell, seq: tick.seq, time: tick.time, into: &report)
        return report
    }

    /// A new order, matched at once against what is left of the current book. `id` is given by
    /// the caller and must not be an open order's (such a request is REJECTED and the open order
    /// left alone).
    ///
    /// A market order fills what the book shows and the rest is cancelled (FILLED, or CANCELLED
    /// with "60 could not be filled: no more asks in the book"); with no book yet, or nothing on
    /// its side, it is REJECTED. A limit order fills what qualifies and the rest rests.
    public mutating func submit(_ request: OrderRequest, id: String, at time: Date) -> MatchReport {
        var order = Order(id: id, request: request, createdAt: time)
        if priorities[id] != nil {
            order.status = .rejected
            order.reason = "an open order already has the id \(id)"
            return MatchReport(orders: [order])
        }
        switch request.type {
        case .market: return submitMarket(order, at: time)
        case .limit: return submitLimit(order, at: time)
        }
    }

    /// Cancels an open order; it keeps what it filled. `.notFound` if no open order has `id`
    /// (the engine keeps open orders only, so a final one is not found either).
    public mutating func cancel(id: String, at time: Date) throws(OrderError) -> Order {
        guard let priority = priorities[id], var entry = resting[priority] else { throw .notFound(id) }
        forget(entry)
        entry.order.status = .cancelled
        entry.order.reason = "cancelled by the user"
        entry.order.updatedAt = time
        return entry.order
    }

    /// The feed is not live: no liquidity until the next tick.
    public mutating func clearBook() {
        book = nil
    }

    /// Puts back an open order loaded from storage. Call it in the orders' original submission
    /// order: each restored order ranks after those restored before it and before any submitted
    /// later, and keeps its filled quantity. It does not trade against the current book; it
    /// matches from the next tick on. A final order, a market order or an id already open is
    /// ignored.
    public mutating func restore(_ order: Order) {
        guard order.status.isOpen, order.type == .limit, let limit = order.limitPrice, priorities[order.id] == nil,
            order.remainingQuantity > 0
        else { return }
        rest(order, limit: limit)
    }

    /// The open orders, oldest first.
    public var openOrders: [Order] {
        resting.keys.sorted().compactMap { resting[$0]?.order }
    }

    /// The open order with `id`, if any.
    public func openOrder(id: String) -> Order? {
        priorities[id].flatMap { resting[$0]?.order }
    }

    mutating func rest(_ order: Order, limit: Price) {
        let key = RestingKey(side: order.side, limit: limit, priority: nextPriority)
        nextPriority += 1
        index.insert(key)
        resting[key.priority] = Resting(order: order, key: key)
        priorities[order.id] = key.priority
    }

    mutating func forget(_ entry: Resting) {
        index.remove(entry.key)
        resting[entry.key.priority] = nil
        priorities[entry.order.id] = nil
    }
}
