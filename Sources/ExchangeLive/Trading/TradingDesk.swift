import BourseCore
import Exchange
import Foundation
import Logging
import Metrics
import ServiceLifecycle

/// The live exchange: the matching engine fed by the feed client, every change committed to the
/// order store before anyone hears of it, and the updates for the screens handed to a
/// `TradingBroadcaster`.
///
/// **Order.** Ticks, feed states, orders and cancels are queued in the order they reach the
/// actor and applied to the engine in that order by one loop, the desk's `run()`. Order ids are
/// given as they are applied, so they follow the same order, and so do the commits, the socket's
/// updates and the callers' answers.
///
/// **The write.** The loop takes everything queued, applies it to the engine and commits all of
/// its changes in one `OrderStore.save` (group commit: one transaction, one fsync, however many
/// orders queued up while the last commit was on disk). It awaits that save, which for the
/// database runs on GRDB's writer queue: no thread of the cooperative pool waits for the disk.
/// While it waits, new work only queues up; nothing touches the engine until the batch is
/// committed and answered, so reentrancy cannot interleave two batches or reorder answers.
///
/// **Acknowledgement.** Only after the commit does the loop publish the batch's updates and
/// answer its callers, in order. When the commit fails, nothing of the batch is published or
/// acknowledged (its orders and cancels get `TradingError.notSaved`), and the engine is rebuilt
/// from the store before the next batch, so memory never runs ahead of what the user was told.
///
/// **Reads.** `book`, `feedState`, `lastTick` and `recentTrades` are as of the last answered
/// batch; the order history and the open orders are read from the store, which holds exactly
/// what was committed; the position is kept from the committed fills (read from the store when
/// the desk opens, then each batch's fills once committed), so showing it never reads every fill.
///
/// **Lifecycle.** The desk is a swift-service-lifecycle `Service`: nothing is applied until
/// `run()` runs. Register it with the application after the feed and before the broadcaster
/// (`app.addServices(feed, desk, desk.broadcaster)`; a service group shuts its services down in
/// reverse, after the HTTP server). On graceful shutdown `run()` stops taking work (new orders and
/// cancels get `TradingError.shuttingDown`, a 503; feed events are ignored), commits and answers
/// everything already queued, and returns; then the store may be closed. If its task is
/// cancelled instead, what is queued is refused, not committed.
///
/// **Market hours.** The desk trades during its `MarketHours` (always, by default). While the
/// market is closed a new market order (a market bracket entry too) is REJECTED, "market closed";
/// limit and stop orders are taken and rest; ticks are recorded and published (the screen shows
/// the quotes) but not applied to the engine, whose book is cleared at the close: nothing fills,
/// triggers or expires until a tick comes after the open. The status is checked with every piece
/// of work and, for hours that change, every `marketCheckInterval` by `run()`, so the screens
/// hear of the open and the close without a tick.
public actor TradingDesk: Service {
    /// The engine (each account's orders as if alone) and the next order number: only the loop
    /// (`run()`) touches them.
    var engine = AccountsEngine()
    var lastOrderNumber: Int
    /// The feed state as last applied to the engine (the published `feedState` follows it once
    /// its batch is answered).
    var appliedFeedState: FeedState = .connecting
    /// The market's status as last applied to the engine (the published `market` follows it).
    var appliedMarket: MarketStatus

    /// Work waiting for the loop, in arrival order.
    var queue: [Job] = []
    /// Rung (one buffered ring is enough) when work is queued; finished on shutdown.
    let doorbell: AsyncStream<Void>
    let doorbellRinger: AsyncStream<Void>.Continuation

    let store: any OrderStore
    let now: @Sendable () -> Date
    let marketHours: MarketHours
    let marketCheckInterval: Duration
    let logger: Logger
    let metrics: DeskMetrics

    /// Where the screens' updates go. Run it as a service beside the desk.
    public nonisolated let broadcaster: TradingBroadcaster

    /// The feed's state as of the last answered batch.
    public internal(set) var feedState: FeedState = .connecting
    /// The market's status as of the last answered batch.
    public internal(set) var market: MarketStatus
    /// The last tick received (the feed's book, before the user's orders took from it).
    public internal(set) var lastTick: FeedTick?
    /// Gaps and malformed messages since start.
    public private(set) var feedStatistics = FeedStatistics()
    /// The recent trades, for the screen's chart.
    var chart: TradeChart
    /// Each account's committed fills as open lots and cash: the position without reading every
    /// fill again.
    var ledgers: [AccountID: AccountLedger]
    /// The ledgers with the fills applied to the engine too, committed or not: the cash rule
    /// checks a new order against them, so two orders in one batch see each other's fills.
    var appliedLedgers: [AccountID: AccountLedger]
    /// Trailing stops' moves stored since every waiting trailing stop was last written whole.
    var trailMovesSinceCheckpoint = 0
    /// How many moves the store keeps before the waiting trailing stops are written whole again.
    static let trailCheckpoint = 1_024
    /// Every account's starting cash, or nil for infinite capital (`BOURSE_STARTING_CASH`).
    public nonisolated let startingCash: StartingCash?

    /// Opens the desk on `store`, putting its open orders back into the engine: they resume
    /// matching on the next tick once `run()` runs.
    ///
    /// - Parameters:
    ///   - broadcaster: where the screens' updates go; run it as a service too.
    ///   - chartCapacity: how many recent trades `recentTrades` keeps.
    ///   - now: the clock orders and cancels are stamped with, and the market hours read.
    ///   - marketHours: when market orders are taken and ticks matched (always, by default).
    ///   - marketCheckInterval: how often `run()` checks whether the market opened or closed,
    ///     for hours that change.
    ///   - metrics: where orders by status and commit times are recorded (`DeskMetrics`).
    ///   - startingCash: every account's cash at the start; nil for infinite capital.
    public init(
        store: any OrderStore, startingCash: StartingCash? = nil, broadcaster: TradingBroadcaster = TradingBroadcaster(),
        chartCapacity: Int = TradeChart.defaultCapacity, now: @escaping @Sendable () -> Date = { Date() },
        marketHours: MarketHours = .alwaysOpen, marketCheckInterval: Duration = .seconds(10), logger: Logger,
        metrics: any MetricsFactory = NOOPMetricsHandler.instance
    ) async throws {
        let lastOrderNumber = try await store.lastOrderNumber()
        let ledgers = AccountLedger.byAccount(try await store.allFills())
        var engine = AccountsEngine()
        for order in try await store.openOrders() { engine.restore(order) }
        self.engine = engine
        self.lastOrderNumber = lastOrderNumber
        self.ledgers = ledgers
        self.appliedLedgers = ledgers
        self.startingCash = startingCash
        self.store = store
        self.broadcaster = broadcaster
        self.chart = TradeChart(capacity: chartCapacity)
        self.now = now
        self.marketHours = marketHours
        self.marketCheckInterval = marketCheckInterval
        let market = marketHours.status(at: now())
        self.appliedMarket = market
        self.market = market
        self.logger = logger
        self.metrics = DeskMetrics(factory: metrics)
        (doorbell, doorbellRinger) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    // MARK: - The feed

    /// Applies one event from the feed client. A tick or a state change returns once it is
    /// applied, committed (with the fills it gave resting orders) and published; after shutdown
    /// it is ignored. Gaps and malformed messages are only counted.
    public func handle(_ event: FeedEvent) async {
        switch event {
        case .gap, .malformed:
            feedStatistics.record(event)
        case .tick, .state:
            await withCheckedContinuation { done in submit(.feed(event, done)) }
        }
    }

    // MARK: - The user

    /// Places `account`'s order: matched at once against what that account's orders left of the
    /// current book, committed, then returned with the fills it got. With cash, a buy over the
    /// buying power or a sell of shares not held is REJECTED (`CashRule`).
    ///
    /// - Throws: `TradingError.notSaved` when the commit failed (nothing of it was kept),
    ///   `TradingError.shuttingDown` once the desk is stopping.
    public func place(_ request: OrderRequest, account: AccountID) async throws -> OrderEvent {
        try await place(request, account: account, ticket: nil)
    }

    /// Places an order from the desk's inbox (SPEC §15): as `place(_:account:)`, and `ticket`
    /// is marked answered by the order in the same commit.
    public func place(_ request: OrderRequest, account: AccountID, ticket: DeskTicket?) async throws -> OrderEvent {
        try await withCheckedThrowingContinuation { reply in submit(.place(request, account, ticket, reply)) }
    }

    /// Cancels `account`'s open order; the fills it had stay.
    ///
    /// - Throws: `OrderError.notFound` when `account` has no order `id` (another account's order
    ///   is not found), `.notOpen` (with its status) when it is final; `TradingError` as
    ///   `place(_:account:)` does.
    public func cancel(id: String, account: AccountID) async throws -> OrderEvent {
        try await cancel(id: id, account: account, ticket: nil)
    }

    /// Cancels for the desk's inbox (SPEC §15): as `cancel(id:account:)`, and `ticket` is
    /// marked answered by the order in the same commit.
    public func cancel(id: String, account: AccountID, ticket: DeskTicket?) async throws -> OrderEvent {
        let event = try await withCheckedThrowingContinuation { reply in submit(.cancel(id: id, account, ticket, reply)) }
        if let event {
            return event
        }
        guard let stored = try await store.order(id: id, account: account) else { throw OrderError.notFound(id) }
        throw OrderError.notOpen(id: id, status: stored.status)
    }

    /// `account`'s orders, newest first (committed ones only).
    public nonisolated func orders(account: AccountID, limit: Int) async throws -> [Order] {
        try await store.orders(account: account, limit: limit)
    }

    /// `account`'s open orders, oldest first (committed ones only).
    public nonisolated func openOrders(account: AccountID) async throws -> [Order] {
        try await store.openOrders(account: account)
    }

    /// `account`'s committed fills, oldest first.
    public nonisolated func fills(account: AccountID) async throws -> [Fill] {
        try await store.fills(account: account)
    }

    /// `account`'s order with all its fills, as one snapshot of the store.
    public nonisolated func order(id: String, account: AccountID) async throws -> OrderEvent? {
        guard let (order, fills) = try await store.orderWithFills(id: id, account: account) else { return nil }
        return OrderEvent(order: order, fills: fills)
    }

    /// `account`'s position from its committed fills, valued at the last trade (or the mid when
    /// there is none). The fills are read once, when the desk opens; each commit adds its own.
    public func position(account: AccountID) async throws -> Position {
        (ledgers[account] ?? AccountLedger()).lots.position(lastPrice: markPrice)
    }

    /// Where `account` stands: its position valued at the mark, and with cash its cash, buying
    /// power and equity.
    public func standing(account: AccountID) async -> AccountStanding {
        AccountStanding(
            ledger: ledgers[account] ?? AccountLedger(), mark: markPrice, cash: startingCash,
            open: engine.openOrders(account: account))
    }

    /// Every account that has traded, with where it stands (the leaderboard's figures); an
    /// account without fills stands where it started.
    public func standings() async -> [AccountID: AccountStanding] {
        ledgers.mapValues { AccountStanding(ledger: $0, mark: markPrice, cash: startingCash) }
    }

    /// What `account`'s orders left of the current book (the feed's last quotes while the market
    /// is closed; nil before a tick or without a live feed).
    public func book(account: AccountID) async -> FeedTick? {
        engine.book(account: account) ?? (appliedMarket.isOpen || appliedFeedState != .live ? nil : lastTick)
    }

    /// The price the position is valued at: the last trade, else the book's mid, else nil.
    public var markPrice: Price? { lastTick?.markPrice }

    /// The last trade price of each recent tick, oldest first, for the screen's chart.
    public var recentTrades: [TradePoint] { chart.points }

    /// Gaps in `seq` seen since start.
    public var gaps: Int { feedStatistics.gaps }

    /// Malformed messages refused since start.
    public var malformedMessages: Int { feedStatistics.malformedMessages }

    /// The engine's open orders, every account's, for tests that check it agrees with the store.
    /// Only meaningful when no batch is being committed.
    var engineOpenOrders: [Order] { engine.openOrders }

    /// How many jobs wait for the next batch, for tests that line up a batch.
    var queuedJobs: Int { queue.count }
}
