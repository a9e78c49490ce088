import BourseCore

/// What the web app asks of the exchange: orders placed, cancelled and read back, the book and
/// the feed's state as of the last tick, the position, and the updates for the screens.
///
/// The live desk (`TradingDesk` in `ExchangeLive`, fed by the feed client) is the one
/// implementation; the bootstrap hands it to the app, which never links a feed client.
public protocol ExchangeDesk: Sendable {
    /// Places an order: matched at once against what is left of the current book, committed,
    /// then returned with the fills it got. Throws `OrderError` for an order that cannot be
    /// taken and `TradingError` when it was not kept.
    func place(_ request: OrderRequest) async throws -> OrderEvent
    /// Cancels an open order; the fills it had stay. Throws `OrderError.notFound` or `.notOpen`.
    func cancel(id: String) async throws -> OrderEvent
    /// The orders, newest first.
    func orders(limit: Int) async throws -> [Order]
    /// The open orders, oldest first.
    func openOrders() async throws -> [Order]
    /// One order with all its fills, or nil.
    func order(id: String) async throws -> OrderEvent?
    /// Every fill, oldest first (the fills export).
    func fills() async throws -> [Fill]
    /// The position from every fill, valued at `markPrice`.
    func position() async throws -> Position

    /// The feed's state now.
    var feedState: FeedState { get async }
    /// Whether the market is open now and, when closed, when it opens (a market order is
    /// rejected while it is closed).
    var market: MarketStatus { get async }
    /// The last tick received (the feed's book, before the user's orders took from it).
    var lastTick: FeedTick? { get async }
    /// The liquidity left in the current book after the user's orders took from it.
    var book: FeedTick? { get async }
    /// The price the position is valued at: the last trade, else the book's mid, else nil.
    var markPrice: Price? { get async }
    /// The last trade price of each recent tick, oldest first, for the screen's chart.
    var recentTrades: [TradePoint] { get async }

    /// Every update from now on (ticks, feed states, market opens and closes, committed order
    /// events), until the subscriber stops iterating or the exchange shuts down.
    func updates() -> AsyncStream<TradingUpdate>
}
