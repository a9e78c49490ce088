import Foundation

/// The single-stock exchange's matching: the user's orders against the feed's book, by the exact
/// rules of SPEC.md §10 (docs/exchange.md has them with worked examples).
///
/// The feed's book is the market; the engine keeps what is left of the current tick's book after
/// the user's orders took from it, the user's resting limit orders, the stops waiting for their
/// trigger and the bracket exits made this tick. On each tick, after it replaces the book: day
/// orders of an earlier session expire, trailing stops move their reference, resting limits match
/// (buys highest limit first, sells lowest, then by time), then the stops the last price triggers,
/// in placement order. Orders submitted after `apply` are the tick's new entries. The user's own
/// buys and sells never trade with each other; fills are at the book's price.
///
/// The engine holds open orders only: an order that becomes final is returned in the
/// `MatchReport` and forgotten.
public struct MatchingEngine: Sendable {
    /// An open order and where the engine keeps it.
    struct Entry: Sendable {
        /// The order; a waiting trailing stop's `trailReference` here is the one it was placed or
        /// restored with, its current one is in `stops` (`order(at:)` reads both).
        var order: Order
        var place: Place
        /// A bracket entry's filled shares not yet taken out by an exit.
        var unexited = 0
    }

    enum Place: Sendable, Equatable {
        /// In the limit index (a limit order, a triggered stop-limit, a take-profit).
        case resting(RestingKey)
        /// Waiting for its trigger (`stops`).
        case waiting
        /// A bracket exit made or grown on this tick: it joins the others on the next.
        case held
    }

    /// What is left of the current tick's book; nil before any tick or after `clearBook()`.
    public internal(set) var book: FeedTick?
    /// The session date of the current tick.
    var clock = SessionClock()
    var index: any RestingOrderIndex
    var stops = WaitingStops()
    /// Open orders by rank: the counter that gives time priority (placement, a stop-limit's
    /// trigger, an exit's last growth).
    var entries: [Int64: Entry] = [:]
    /// The rank of each open order's id.
    var ranks: [String: Int64] = [:]
    var nextRank: Int64 = 0
    /// Open `day` orders with their session date, in placement order.
    var dayOrders: [(session: MarketDate, id: String)] = []
    var dayOrdersStart = 0
    /// Exits made or grown on this tick, by rank, to be placed on the next.
    var held: [Int64] = []
    /// The bracket entries whose exits have been made (at their first fill) and not yet ended.
    var exitsMade: Set<String> = []

    /// Whose orders these are: every order and fill the engine makes carries it.
    public let account: AccountID

    public init(account: AccountID = .owner, index: RestingOrderIndexKind = .priceTime) {
        self.account = account
        self.index = index.makeIndex()
    }

    /// Replaces the book with the tick's and runs the tick's steps (SPEC.md §10): held exits join,
    /// day orders of an earlier session expire, trailing stops follow the last price, resting
    /// limits match, then the stops the last price triggers.
    ///
    /// Trailing stops that only moved are told once per side, as a `TrailMove` (O(log n) however
    /// many moved); with `movedStops: .listed` every moved order is also in the report's `orders`.
    public mutating func apply(_ tick: FeedTick, movedStops: MovedStops = .summarized) -> MatchReport {
        book = tick
        updateSession(tick.time)
        var report = MatchReport()
        placeHeldExits()
        expireDayOrders(at: tick.time, into: &report)
        if let last = tick.last?.price { trail(to: last, movedStops: movedStops, into: &report) }
        matchResting(.buy, seq: tick.seq, time: tick.time, into: &report)
        matchResting(.sell, seq: tick.seq, time: tick.time, into: &report)
        if let last = tick.last?.price {
            for stop in stops.trigger(at: last) {
                trigger(rank: stop.rank, reference: stop.reference, at: last, time: tick.time, into: &report)
            }
        }
        return report
    }

    /// A new order, matched at once against what is left of the current book. `id` is given by
    /// the caller and must not be an open order's (such a request is REJECTED and the open order
    /// left alone).
    ///
    /// A market order fills what the book shows (`ioc`: the rest is cancelled; `fok`: all or
    /// nothing); with no book yet, or nothing on its side, it is REJECTED. A limit order fills
    /// what qualifies and the rest rests (`ioc`: is cancelled; `fok`: all or nothing). A stop
    /// waits for its trigger, or triggers at once if the current last price meets it.
    public mutating func submit(_ request: OrderRequest, id: String, at time: Date) -> MatchReport {
        var order = Order(id: id, account: account, request: request, createdAt: time)
        if ranks[id] != nil || isExitID(id) {
            order.status = .rejected
            order.reason =
                ranks[id] != nil ? "an open order already has the id \(id)" : "the id \(id) is kept for a bracket's exit"
            return MatchReport(orders: [order])
        }
        var report = MatchReport()
        if request.timeInForce == .day { rememberDayOrder(id, session: NewYorkTime.sessionDate(of: time)) }
        switch request.kind {
        case .market: submitMarket(order, at: time, into: &report)
        case .limit(let limit): submitLimit(order, limit: limit, rank: takeRank(), at: time, into: &report)
        case .stop, .stopLimit, .trailingStop: submitStop(order, at: time, into: &report)
        }
        return report
    }

    /// A new order refused without matching, e.g. a market order while the market is closed: it
    /// is REJECTED with `reason` and never open (SPEC.md §10's rules are not involved).
    public mutating func reject(_ request: OrderRequest, id: String, reason: String, at time: Date) -> MatchReport {
        var report = MatchReport()
        reject(Order(id: id, account: account, request: request, createdAt: time), reason, at: time, into: &report)
        return report
    }

    /// Cancels an open order; it keeps what it filled. Cancelling a bracket's entry cancels what it
    /// has not filled (its exits stay for what it did); cancelling an exit cancels both exits, and
    /// with them what the entry has not filled. `.notFound` if no open order has `id` (the engine
    /// keeps open orders only, so a final one is not found either).
    public mutating func cancel(id: String, at time: Date) throws(OrderError) -> MatchReport {
        guard let rank = ranks[id], let entry = entries[rank] else { throw .notFound(id) }
        var report = MatchReport()
        if let parent = entry.order.parentID {
            for leg in BracketLeg.allCases {
                close(leg.id(entry: parent), .cancelled, "cancelled by the user", at: time, into: &report)
            }
            endBracketIfDone(entry: parent, at: time, into: &report)
        } else {
            close(id, .cancelled, "cancelled by the user", at: time, into: &report)
        }
        return report
    }

    /// The feed is not live: no liquidity until the next tick.
    public mutating func clearBook() {
        book = nil
    }

    /// The open orders, by rank (time priority), trailing stops at their current reference.
    public var openOrders: [Order] {
        entries.keys.sorted().compactMap { order(at: $0) }
    }

    /// The open order with `id`, if any, a trailing stop at its current reference.
    public func openOrder(id: String) -> Order? {
        ranks[id].flatMap { order(at: $0) }
    }

    // MARK: - Shared steps

    /// The open order at `rank` as it stands: a waiting trailing stop with the reference its
    /// group has now.
    func order(at rank: Int64) -> Order? {
        guard let entry = entries[rank] else { return nil }
        guard entry.place == .waiting, entry.order.kind.trail != nil else { return entry.order }
        var order = entry.order
        order.trailReference = stops.reference(of: rank)
        return order
    }

    mutating func takeRank() -> Int64 {
        defer { nextRank += 1 }
        return nextRank
    }

    /// Keeps `order` open at `rank`, resting in the limit index at `limit`.
    mutating func rest(_ order: Order, limit: Price, rank: Int64, unexited: Int = 0) {
        let key = RestingKey(side: order.side, limit: limit, priority: rank)
        index.insert(key)
        entries[rank] = Entry(order: order, place: .resting(key), unexited: unexited)
        ranks[order.id] = rank
    }

    /// Takes an open order out of wherever the engine keeps it.
    mutating func forget(rank: Int64) {
        guard let entry = entries.removeValue(forKey: rank) else { return }
        ranks[entry.order.id] = nil
        switch entry.place {
        case .resting(let key): index.remove(key)
        case .waiting: stops.remove(rank: rank)
        case .held: held.removeAll { $0 == rank }
        }
    }

    /// Ends an open order with `status` and `reason` (a no-op for an id that is not open).
    mutating func close(
        _ id: String, _ status: OrderStatus, _ reason: String?, at time: Date, into report: inout MatchReport
    ) {
        guard let rank = ranks[id], var order = order(at: rank) else { return }
        forget(rank: rank)
        order.status = status
        order.reason = reason
        order.updatedAt = time
        report.note(order)
        finished(order, at: time, into: &report)
    }

    mutating func updateSession(_ time: Date) {
        clock.update(time)
    }

    /// Step 1: every open `day` order placed in an earlier session expires; its fills stand.
    mutating func expireDayOrders(at time: Date, into report: inout MatchReport) {
        guard let session = clock.session else { return }
        while dayOrdersStart < dayOrders.count, dayOrders[dayOrdersStart].session != session {
            close(dayOrders[dayOrdersStart].id, .expired, "expired at the close", at: time, into: &report)
            dayOrdersStart += 1
        }
        if dayOrdersStart > 64, dayOrdersStart * 2 > dayOrders.count {
            dayOrders.removeFirst(dayOrdersStart)
            dayOrdersStart = 0
        }
    }

    /// Remembers a `day` order for step 1. The ones no longer open are dropped whenever they are
    /// most of the list, so it stays the size of the open orders, not of every order placed in
    /// the session (a day of orders placed and cancelled would otherwise keep them all).
    mutating func rememberDayOrder(_ id: String, session: MarketDate) {
        let listed = dayOrders.count - dayOrdersStart
        if listed >= 64, listed > 2 * ranks.count {
            dayOrders = dayOrders[dayOrdersStart...].filter { ranks[$0.id] != nil }
            dayOrdersStart = 0
        }
        dayOrders.append((session, id))
    }

    /// Whether `id` is the form of an exit's id (`X.tp`, `X.sl`), which the user may not take.
    func isExitID(_ id: String) -> Bool {
        BracketLeg.allCases.contains { id.hasSuffix(".\($0.rawValue)") }
    }
}
