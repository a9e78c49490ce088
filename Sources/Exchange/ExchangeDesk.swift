import BourseCore

/// What the web app asks of the exchange: orders placed, cancelled and read back, the book and
/// the feed's state as of the last tick, the position, and the updates for the screens.
///
/// The live desk (`TradingDesk` in `ExchangeLive`, fed by the feed client) is the one
/// implementation; the bootstrap hands it to the app, which never links a feed client.
public protocol ExchangeDesk: Sendable {
    /// Places `account`'s order: matched at once against what that account's orders left of the
    /// current book (each account trades as if alone), committed, then returned with the fills it
    /// got. Throws `OrderError` for an order that cannot be taken and `TradingError` when it was
    /// not kept.
    func place(_ request: OrderRequest, account: AccountID) async throws -> OrderEvent
    /// Cancels `account`'s open order; the fills it had stay. Throws `OrderError.notFound` (also
    /// for another account's order) or `.notOpen`.
    func cancel(id: String, account: AccountID) async throws -> OrderEvent
    /// `account`'s orders, newest first.
    func orders(account: AccountID, limit: Int) async throws -> [Order]
    /// `account`'s open orders, oldest first.
    func openOrders(account: AccountID) async throws -> [Order]
    /// `account`'s order with all its fills, or nil (another account's order too).
    func order(id: String, account: AccountID) async throws -> OrderEvent?
    /// `account`'s fills, oldest first (the fills export).
    func fills(account: AccountID) async throws -> [Fill]
    /// `account`'s position from its fills, valued at `markPrice`.
    func position(account: AccountID) async throws -> Position
    /// Where `account` stands: position value, and with cash its cash, buying power and equity.
    func standing(account: AccountID) async -> AccountStanding
    /// Every account that has traded, with where it stands (the leaderboard).
    func standings() async -> [AccountID: AccountStanding]
    /// Every account's starting cash, or nil for infinite capital.
    var startingCash: StartingCash? { get }

    /// The feed's state now.
    var feedState: FeedState { get async }
    /// Whether the market is open now and, when closed, when it opens (a market order is
    /// rejected while it is closed).
    var market: MarketStatus { get async }
    /// The last tick received (the feed's book, before the user's orders took from it).
    var lastTick: FeedTick? { get async }
    /// The liquidity left in the current book after `account`'s orders took from it.
    func book(account: AccountID) async -> FeedTick?
    /// The price the position is valued at: the last trade, else the book's mid, else nil.
    var markPrice: Price? { get async }
    /// The last trade price of each recent tick, oldest first, for the screen's chart.
    var recentTrades: [TradePoint] { get async }

    /// Every update from now on (ticks, feed states, market opens and closes, committed order
    /// events), until the subscriber stops iterating or the exchange shuts down.
    func updates() -> AsyncStream<TradingUpdate>
}
