import Foundation

/// The exchange with several accounts (SPEC.md §14): each account's orders are matched against
/// the feed's book as if it were alone, as Alpaca's paper accounts are. One account's fill never
/// takes another's liquidity; within an account the rules of §3 and §10 hold exactly as in a lone
/// `MatchingEngine`, because each account has one, which behaves as if fed every tick.
///
/// A tick is applied only to the engines it could move (`EngineWake`, indexed in
/// `AccountWakes`): the others would only have taken its book and session, which they are given
/// when they next need them. A tick costs the same with 1,000 accounts holding 100 resting orders
/// each as with one account holding 100,000.
///
/// Order ids are given by the caller and unique across accounts; an order is found by its id and
/// its account, so another account's id is not found.
public struct AccountsEngine: Sendable {
    /// An account's engine, and the last tick it was given.
    struct Account: Sendable {
        var engine: MatchingEngine
        /// The value of `moment` when the engine last had the current book: behind it, the engine
        /// skipped the ticks since, and its book and session are out of date.
        var seen: Int
        /// The engine's wake as `wakes` holds it.
        var wake = EngineWake()
    }

    /// Each account's engine; an account gets one with its first order.
    var accounts: [AccountID: Account] = [:]
    /// The current tick; nil before any tick or after `clearBook()`.
    var tick: FeedTick?
    /// Counts the ticks and the books cleared.
    var moment = 0
    /// The session of the current tick.
    var clock = SessionClock()
    /// When each account's engine could next act.
    var wakes = AccountWakes()
    let index: RestingOrderIndexKind

    public init(index: RestingOrderIndexKind = .priceTime) {
        self.index = index
    }

    /// Runs the tick's steps (SPEC.md §10) for every account, each against the whole of the
    /// tick's book. The report holds every account's changes, account by account (lowest id
    /// first). Only the accounts the tick could move are visited. `movedStops` says how moved
    /// trailing stops are told (see `MatchingEngine.apply`).
    public mutating func apply(_ tick: FeedTick, movedStops: MovedStops = .summarized) -> MatchReport {
        self.tick = tick
        moment += 1
        let session = clock.update(tick.time)
        var report = MatchReport()
        for account in wakes.take(for: tick, session: session) {
            if let changes = visit(account, with: tick, movedStops: movedStops) { report.absorb(changes) }
        }
        return report
    }

    /// A new order of `account`'s, matched at once against what that account's orders left of
    /// the current book (see `MatchingEngine.submit`).
    public mutating func submit(_ request: OrderRequest, id: String, account: AccountID, at time: Date) -> MatchReport {
        openEngine(account)
        return change(account) { $0.submit(request, id: id, at: time) } ?? MatchReport()
    }

    /// A new order refused without matching (see `MatchingEngine.reject`).
    public mutating func reject(
        _ request: OrderRequest, id: String, account: AccountID, reason: String, at time: Date
    ) -> MatchReport {
        openEngine(account)
        return change(account) { $0.reject(request, id: id, reason: reason, at: time) } ?? MatchReport()
    }

    /// Cancels `account`'s open order `id` (see `MatchingEngine.cancel`); another account's order
    /// is `.notFound`.
    public mutating func cancel(id: String, account: AccountID, at time: Date) throws(OrderError) -> MatchReport {
        guard let report = try change(account, { engine throws(OrderError) in try engine.cancel(id: id, at: time) })
        else { throw .notFound(id) }
        return report
    }

    /// Puts back an open order loaded from storage, into its account's engine (see
    /// `MatchingEngine.restore`; call it in the orders' original order).
    public mutating func restore(_ order: Order) {
        openEngine(order.account)
        change(order.account) { $0.restore(order) }
    }

    /// The feed is not live: no liquidity for anyone until the next tick.
    public mutating func clearBook() {
        tick = nil
        moment += 1
        for account in accounts.keys {
            accounts[account]?.engine.clearBook()
            accounts[account]?.seen = moment
        }
    }

    /// What `account`'s orders left of the current tick's book.
    public func book(account: AccountID) -> FeedTick? {
        guard let state = accounts[account], state.seen == moment else { return tick }
        return state.engine.book
    }

    /// `account`'s open order `id`, if any.
    public func openOrder(id: String, account: AccountID) -> Order? {
        accounts[account]?.engine.openOrder(id: id)
    }

    /// `account`'s open orders, by time priority.
    public func openOrders(account: AccountID) -> [Order] {
        accounts[account]?.engine.openOrders ?? []
    }

    /// Every account's open orders, account by account.
    public var openOrders: [Order] {
        accounts.keys.sorted().flatMap { openOrders(account: $0) }
    }
}
