import Foundation

/// The exchange with several accounts (SPEC.md §14): each account's orders are matched against
/// the feed's book as if it were alone, as Alpaca's paper accounts are. One account's fill never
/// takes another's liquidity; within an account the rules of §3 and §10 hold exactly as in a lone
/// `MatchingEngine`, because each account has one, fed every tick.
///
/// Order ids are given by the caller and unique across accounts; an order is found by its id and
/// its account, so another account's id is not found.
public struct AccountsEngine: Sendable {
    /// Each account's engine; an account gets one with its first order.
    var engines: [AccountID: MatchingEngine] = [:]
    /// The tick every engine has seen; nil before any tick or after `clearBook()`.
    var tick: FeedTick?
    let index: RestingOrderIndexKind

    public init(index: RestingOrderIndexKind = .priceTime) {
        self.index = index
    }

    /// Runs the tick's steps (SPEC.md §10) for every account, each against the whole of the
    /// tick's book. The report holds every account's changes, account by account (lowest id
    /// first).
    public mutating func apply(_ tick: FeedTick) -> MatchReport {
        self.tick = tick
        var report = MatchReport()
        for account in engines.keys.sorted() {
            report.absorb(engines[account]!.apply(tick))
        }
        return report
    }

    /// A new order of `account`'s, matched at once against what that account's orders left of
    /// the current book (see `MatchingEngine.submit`).
    public mutating func submit(_ request: OrderRequest, id: String, account: AccountID, at time: Date) -> MatchReport {
        openEngine(account)
        return engines[account]!.submit(request, id: id, at: time)
    }

    /// A new order refused without matching (see `MatchingEngine.reject`).
    public mutating func reject(
        _ request: OrderRequest, id: String, account: AccountID, reason: String, at time: Date
    ) -> MatchReport {
        openEngine(account)
        return engines[account]!.reject(request, id: id, reason: reason, at: time)
    }

    /// Cancels `account`'s open order `id` (see `MatchingEngine.cancel`); another account's order
    /// is `.notFound`.
    public mutating func cancel(id: String, account: AccountID, at time: Date) throws(OrderError) -> MatchReport {
        guard engines[account] != nil else { throw .notFound(id) }
        return try engines[account]!.cancel(id: id, at: time)
    }

    /// Puts back an open order loaded from storage, into its account's engine (see
    /// `MatchingEngine.restore`; call it in the orders' original order).
    public mutating func restore(_ order: Order) {
        openEngine(order.account)
        engines[order.account]!.restore(order)
    }

    /// The feed is not live: no liquidity for anyone until the next tick.
    public mutating func clearBook() {
        tick = nil
        for account in engines.keys { engines[account]!.clearBook() }
    }

    /// What `account`'s orders left of the current tick's book.
    public func book(account: AccountID) -> FeedTick? {
        engines[account]?.book ?? tick
    }

    /// `account`'s open order `id`, if any.
    public func openOrder(id: String, account: AccountID) -> Order? {
        engines[account]?.openOrder(id: id)
    }

    /// `account`'s open orders, by time priority.
    public func openOrders(account: AccountID) -> [Order] {
        engines[account]?.openOrders ?? []
    }

    /// Every account's open orders, account by account.
    public var openOrders: [Order] {
        engines.keys.sorted().flatMap { engines[$0]!.openOrders }
    }

    /// Gives `account` an engine if it has none, holding the current tick's whole book.
    mutating func openEngine(_ account: AccountID) {
        guard engines[account] == nil else { return }
        var engine = MatchingEngine(account: account, index: index)
        if let tick {
            engine.book = tick
            engine.updateSession(tick.time)
        }
        engines[account] = engine
    }
}
