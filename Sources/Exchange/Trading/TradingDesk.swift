import BourseCore
import Foundation
import Logging

/// The live exchange: the matching engine fed by the feed client, every change saved to the
/// order store before anyone hears of it, and a stream of updates for the screens.
///
/// One actor, so ticks, orders and cancels are applied one at a time in arrival order. The
/// engine is pure and in memory; the store is the truth. When a save fails, the engine is
/// rebuilt from the store, so the two never disagree about what the user was told.
public actor TradingDesk {
    private var engine = MatchingEngine()
    private let store: any OrderStore
    private let now: @Sendable () -> Date
    private let logger: Logger
    private var lastOrderNumber: Int
    private var subscribers: [UUID: AsyncStream<TradingUpdate>.Continuation] = [:]

    /// The feed's state as the client last reported it.
    public private(set) var feedState: FeedState = .connecting
    /// The last tick received (the feed's book, before the user's orders took from it).
    public private(set) var lastTick: FeedTick?
    /// Gaps in `seq` seen since start.
    public private(set) var gaps = 0
    /// Malformed messages refused since start.
    public private(set) var malformedMessages = 0
    /// The last trade price of each recent tick, oldest first, for the screen's chart.
    public private(set) var recentTrades: [TradePoint] = []
    /// How many points `recentTrades` keeps.
    public static let recentTradesKept = 300

    /// Opens the desk on `store`, putting its open orders back into the engine: they resume
    /// matching on the next tick.
    public init(store: any OrderStore, now: @escaping @Sendable () -> Date = { Date() }, logger: Logger) throws {
        self.store = store
        self.now = now
        self.logger = logger
        self.lastOrderNumber = try store.lastOrderNumber()
        for order in try store.openOrders() { engine.restore(order) }
    }

    /// The liquidity left in the current book after the user's orders took from it.
    public var book: FeedTick? { engine.book }

    /// The open orders, oldest first.
    public var openOrders: [Order] { engine.openOrders }

    // MARK: - The feed

    /// Applies one event from the feed client.
    public func handle(_ event: FeedEvent) {
        switch event {
        case .tick(let tick):
            lastTick = tick
            if let last = tick.last {
                if recentTrades.count >= Self.recentTradesKept { recentTrades.removeFirst(recentTrades.count - Self.recentTradesKept + 1) }
                recentTrades.append(TradePoint(seq: tick.seq, time: tick.time, price: last.price))
            }
            let report = engine.apply(tick)
            if commit(report) {
                publish(.tick(engine.book ?? tick))
                publishOrders(report)
            }
        case .state(let state):
            guard state != feedState else { return }
            feedState = state
            // Without a live feed there is no book to trade against: nothing fills on old offers.
            if state != .live { engine.clearBook() }
            publish(.state(state))
        case .gap:
            gaps += 1
        case .malformed:
            malformedMessages += 1
        }
    }

    // MARK: - The user

    /// Places an order: matched at once against what is left of the current book, saved, then
    /// returned with the fills it got.
    public func place(_ request: OrderRequest) throws -> OrderEvent {
        let id = String(lastOrderNumber + 1)
        let report = engine.submit(request, id: id, at: now())
        guard commit(report) else { throw TradingError.notSaved }
        lastOrderNumber += 1
        publishOrders(report)
        guard let order = report.orders.first(where: { $0.id == id }) else { throw TradingError.notSaved }
        return OrderEvent(order: order, fills: report.fills.filter { $0.orderID == id })
    }

    /// Cancels an open order; the fills it had stay.
    public func cancel(id: String) throws -> OrderEvent {
        if engine.openOrder(id: id) == nil {
            guard let stored = try store.order(id: id) else { throw OrderError.notFound(id) }
            throw OrderError.notOpen(id: id, status: stored.status)
        }
        let cancelled = try engine.cancel(id: id, at: now())
        guard commit(MatchReport(fills: [], orders: [cancelled])) else { throw TradingError.notSaved }
        let event = OrderEvent(order: cancelled, fills: [])
        publish(.order(event))
        return event
    }

    /// The orders, newest first.
    public func orders(limit: Int) throws -> [Order] { try store.orders(limit: limit) }

    /// One order with all its fills.
    public func order(id: String) throws -> OrderEvent? {
        guard let order = try store.order(id: id) else { return nil }
        return OrderEvent(order: order, fills: try store.fills(orderID: id))
    }

    /// The position from every fill, valued at the last trade (or the mid when there is none).
    public func position() throws -> Position {
        Position(fills: try store.allFills(), lastPrice: markPrice)
    }

    /// The price the position is valued at: the last trade, else the book's mid, else nil.
    public var markPrice: Price? {
        if let last = lastTick?.last?.price { return last }
        if let bid = lastTick?.bestBid?.price, let ask = lastTick?.bestAsk?.price {
            return Price(ticks: (bid.ticks + ask.ticks) / 2)
        }
        return nil
    }

    // MARK: - Updates for the screens

    /// Every tick, state change and order event from now on. The stream keeps the newest 256
    /// updates for a slow reader and drops older ones.
    public func updates() -> AsyncStream<TradingUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: TradingUpdate.self, bufferingPolicy: .bufferingNewest(256))
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        return stream
    }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }

    private func publish(_ update: TradingUpdate) {
        for continuation in subscribers.values { continuation.yield(update) }
    }

    private func publishOrders(_ report: MatchReport) {
        for order in report.orders {
            publish(.order(OrderEvent(order: order, fills: report.fills.filter { $0.orderID == order.id })))
        }
    }

    /// Saves a report; on failure rebuilds the engine from the store and says so.
    private func commit(_ report: MatchReport) -> Bool {
        guard !report.orders.isEmpty || !report.fills.isEmpty else { return true }
        do {
            try store.save(orders: report.orders, fills: report.fills)
            return true
        } catch {
            logger.error("could not save orders and fills; the engine goes back to the saved state: \(error)")
            rebuildFromStore()
            return false
        }
    }

    /// The book's leftover liquidity is not kept: nothing more fills until the next tick.
    private func rebuildFromStore() {
        var rebuilt = MatchingEngine()
        do {
            for order in try store.openOrders() { rebuilt.restore(order) }
            lastOrderNumber = try store.lastOrderNumber()
        } catch {
            logger.critical("could not read the open orders back: \(error)")
        }
        engine = rebuilt
    }
}

/// An order and the fills one event gave it (all its fills when read back).
public struct OrderEvent: Sendable, Equatable {
    public let order: Order
    public let fills: [Fill]

    public init(order: Order, fills: [Fill]) {
        self.order = order
        self.fills = fills
    }

    /// The sentence for the user: "bought 40 of 100 at 101.25; 60 could not be filled".
    public var notice: String { OrderNotice.text(for: order, newFills: fills) }
}

/// One point of the price chart: a tick's last trade price.
public struct TradePoint: Sendable, Equatable {
    public let seq: Int64
    public let time: Date
    public let price: Price
}

/// What the exchange screen is told as it happens.
public enum TradingUpdate: Sendable {
    case tick(FeedTick)
    case state(FeedState)
    case order(OrderEvent)
}

/// Why the desk could not do what was asked.
public enum TradingError: Error, Sendable, CustomStringConvertible {
    case notSaved

    public var description: String {
        "the order book could not be saved to the database; nothing was changed. Try again; the server log has the details"
    }
}
