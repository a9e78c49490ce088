import BourseCore
import Exchange
import ExchangeLive

/// What an instance knows of the desk from its messages (SPEC §15): the feed's state, the
/// market's, the last tick and what it left each account, the recent trades. Every instance
/// keeps one, the desk's own included, and its screens are told from it.
struct DeskMirror: Sendable {
    /// The instance that holds the desk, as its last message said; nil when none has spoken for
    /// `ClusterDesk.Timing.silence`.
    var holder: String?
    var feedState: FeedState = .connecting
    var market: MarketStatus
    var lastTick: FeedTick?
    /// What the last tick left each account whose resting orders took from it.
    var left: [AccountID: FeedTick] = [:]
    var chart: TradeChart
    /// Whether a message has set the state since this instance started listening, or since the
    /// desk fell silent: until then a status sets it.
    var synced = false

    init(market: MarketStatus, chartCapacity: Int = TradeChart.defaultCapacity) {
        self.market = market
        chart = TradeChart(capacity: chartCapacity)
    }

    /// Applies `message`; what the screens are to be told of it (an order is read from the
    /// database by the caller first).
    mutating func apply(_ message: DeskMessage) -> [TradingUpdate] {
        switch message {
        case .tick(let tick, let left):
            lastTick = tick
            self.left = left
            chart.record(tick)
            return [.tick(tick, left: left)]
        case .state(let state):
            synced = true
            guard state != feedState else { return [] }
            feedState = state
            return [.state(state)]
        case .market(let market):
            synced = true
            guard market != self.market else { return [] }
            self.market = market
            return [.market(market)]
        case .order:
            return []
        case .trail(let move):
            return [.trail(move)]
        case .status(let holder, let state, let market, let tick):
            self.holder = holder
            guard !synced else { return [] }
            synced = true
            if lastTick == nil { lastTick = tick }
            return apply(.state(state)) + apply(.market(market))
        }
    }

    /// No desk has spoken for a while: the book on show may no longer be the market's, and
    /// nothing trades until a desk runs again.
    mutating func deskFellSilent() -> [TradingUpdate] {
        holder = nil
        synced = false
        left = [:]
        guard feedState != .stale else { return [] }
        feedState = .stale
        return [.state(.stale)]
    }

    /// What `account`'s orders left of the book, as the desk's `book(account:)` says: the
    /// last tick's (less what the account's resting orders took at it) while the feed is live,
    /// the feed's quotes while the market is closed, nothing without a live feed. An order
    /// filled since the tick is not taken off until the next one.
    func book(account: AccountID) -> FeedTick? {
        guard feedState == .live else { return nil }
        return market.isOpen ? left[account] ?? lastTick : lastTick
    }

}
