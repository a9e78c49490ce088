import BourseCore
import Exchange
import ExchangeLive
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// The exchange as every instance on a shared PostgreSQL database serves it (SPEC §15).
///
/// **Orders and cancels** are posted to the desk's inbox (stored before the desk hears of them)
/// and answered by whichever instance holds the desk (`DeskLeadership`); the answer is the order
/// after matching, read from the database once the desk's commit says so. An instance waits
/// `Timing.noDesk` for a desk to take a request: then it takes the request back (a 503, nothing
/// written); a request a desk took is waited on `Timing.unanswered` more.
///
/// **Screens** hear the desk's updates by the link (`DeskMessage`s): ticks, feed states, market
/// opens and closes, and order events (read from the database). The book, the feed's state and
/// the chart are as the last of them said (`DeskMirror`).
///
/// **Reads** (orders, fills, positions, standings) come from the database: whatever any desk
/// committed, as it committed it.
///
/// A `Service`: `run()` listens to the link until shutdown. Register its `broadcaster` too.
public final class ClusterDesk: ExchangeDesk, Service {
    /// How long an instance waits, and how often it looks again.
    public struct Timing: Sendable {
        /// How long a request waits for a desk to take it before it is taken back.
        public var noDesk: Duration = .seconds(8)
        /// How long more a request a desk took is waited on.
        public var unanswered: Duration = .seconds(10)
        /// How often a waiting request's answer is read again (signals may be missed).
        public var poll: Duration = .seconds(1)
        /// After this long without a word from the desk, no desk runs: the book is not shown.
        public var silence: Duration = .seconds(6)

        public init() {}
    }

    public let instance: String
    public let startingCash: StartingCash?
    public let broadcaster: TradingBroadcaster
    let link: any DeskLink
    let inbox: any DeskInbox
    let store: any OrderStore
    let timing: Timing
    let logger: Logger
    let mirror: Mutex<DeskMirror>
    let waiters = ReplyWaiters()
    /// When the desk last spoke.
    let heard = Mutex<ContinuousClock.Instant?>(nil)
    /// The inbox's doorbell, rung for the desk's `InboxWorker` while this instance holds it.
    let inboxBell = Mutex<AsyncStream<Void>.Continuation?>(nil)
    /// Called when any instance queued a push: the push deliverer's wake (it runs on the desk's
    /// instance only; elsewhere the wake finds nothing running).
    let onPushQueued: @Sendable () -> Void

    public init(
        instance: String, link: any DeskLink, inbox: any DeskInbox, store: any OrderStore,
        startingCash: StartingCash?, market: MarketStatus, broadcaster: TradingBroadcaster = TradingBroadcaster(),
        timing: Timing = Timing(), logger: Logger, onPushQueued: @escaping @Sendable () -> Void = {}
    ) {
        self.instance = instance
        self.link = link
        self.inbox = inbox
        self.store = store
        self.startingCash = startingCash
        self.broadcaster = broadcaster
        self.timing = timing
        self.logger = logger
        self.onPushQueued = onPushQueued
        mirror = Mutex(DeskMirror(market: market))
    }

    /// Tells every instance (the desk's too) that this one queued a push.
    public func pushQueued() {
        Task { [link, logger] in
            do { try await link.send(.pushQueued) } catch {
                logger.warning("could not tell the desk of a queued push: \(error)")
            }
        }
    }

    // MARK: - Orders, through the desk

    public func place(_ request: OrderRequest, account: AccountID) async throws -> OrderEvent {
        try await ask(.place(request), account: account)
    }

    public func cancel(id: String, account: AccountID) async throws -> OrderEvent {
        try await ask(.cancel(orderID: id), account: account)
    }

    /// Posts `request` and waits for the desk's answer: the order as committed, with its fills.
    func ask(_ request: DeskRequest, account: AccountID) async throws -> OrderEvent {
        let ticket = DeskTicket.make()
        waiters.register(ticket)
        defer { waiters.remove(ticket) }
        try await inbox.post(PostedRequest(ticket: ticket, account: account, request: request), by: instance)
        let clock = ContinuousClock()
        let posted = clock.now
        var taken = false
        while true {
            await waiters.wait(ticket, timeout: timing.poll)
            if let answer = try await inbox.answer(ticket) {
                Task { [inbox] in try? await inbox.forget(ticket) }
                return try await event(answering: answer, account: account)
            }
            let waited = posted.duration(to: clock.now)
            if !taken, waited >= timing.noDesk {
                if try await inbox.withdraw(ticket) { throw TradingError.noDesk }
                taken = true
            }
            if waited >= timing.noDesk + timing.unanswered { throw TradingError.unanswered }
        }
    }

    /// The order the desk answered with, read as committed, or the refusal as the desk's error.
    private func event(answering answer: DeskAnswer, account: AccountID) async throws -> OrderEvent {
        switch answer {
        case .order(let id):
            guard let (order, fills) = try await store.orderWithFills(id: id, account: account) else {
                // The account was removed meanwhile: its orders went with it.
                throw OrderError.notFound(id)
            }
            return OrderEvent(order: order, fills: fills)
        case .refused(.notFound(let id)): throw OrderError.notFound(id)
        case .refused(.notOpen(let id, let status)): throw OrderError.notOpen(id: id, status: status)
        case .refused(.notSaved): throw TradingError.notSaved
        }
    }

    // MARK: - Reads, from the database

    public func orders(account: AccountID, limit: Int) async throws -> [Order] {
        try await store.orders(account: account, limit: limit)
    }

    public func openOrders(account: AccountID) async throws -> [Order] {
        try await store.openOrders(account: account)
    }

    public func order(id: String, account: AccountID) async throws -> OrderEvent? {
        guard let (order, fills) = try await store.orderWithFills(id: id, account: account) else { return nil }
        return OrderEvent(order: order, fills: fills)
    }

    public func fills(account: AccountID) async throws -> [Fill] {
        try await store.fills(account: account)
    }

    public func position(account: AccountID) async throws -> Position {
        PositionLedger(fills: try await store.fills(account: account)).position(lastPrice: markPrice)
    }

    public func standing(account: AccountID) async -> AccountStanding {
        let fills = (try? await store.fills(account: account)) ?? []
        let open = (try? await store.openOrders(account: account)) ?? []
        return AccountStanding(
            ledger: AccountLedger.byAccount(fills)[account] ?? AccountLedger(), mark: markPrice, cash: startingCash,
            open: open)
    }

    public func standings() async -> [AccountID: AccountStanding] {
        let ledgers = AccountLedger.byAccount((try? await store.allFills()) ?? [])
        let mark = markPrice
        return ledgers.mapValues { AccountStanding(ledger: $0, mark: mark, cash: startingCash) }
    }

    // MARK: - The desk's last words

    public var feedState: FeedState { mirror.withLock { $0.feedState } }
    public var market: MarketStatus { mirror.withLock { $0.market } }
    public var lastTick: FeedTick? { mirror.withLock { $0.lastTick } }
    public var markPrice: Price? { mirror.withLock { $0.lastTick?.markPrice } }
    public var recentTrades: [TradePoint] { mirror.withLock { $0.chart.points } }

    public func book(account: AccountID) async -> FeedTick? {
        mirror.withLock { $0.book(account: account) }
    }

    /// The instance that holds the desk, as its last word said (nil when none has spoken lately).
    public var deskHolder: String? { mirror.withLock { $0.holder } }

    public func updates() -> AsyncStream<TradingUpdate> {
        broadcaster.updates()
    }
}
