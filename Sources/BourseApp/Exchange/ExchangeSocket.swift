import BourseCore
import Exchange
import ExchangeFeature
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Metrics

/// `/exchange/ws`: the exchange screen's live feed from the app. A snapshot first (state,
/// market status, book, recent trades for the chart), then every tick, feed state change,
/// market open or close and order event as it happens. Server to page only; anything the page sends is ignored.
///
/// Each socket is one account's (the signed-in person's): its book is what that account's orders
/// left of each tick, and it hears of that account's orders only (SPEC.md §14).
struct ExchangeSocket {
    let exchange: ExchangeVenue
    let openSockets: Meter?

    func addRoutes(to router: Router<AppRequestContext>) {
        router.ws(
            "exchange/ws",
            shouldUpgrade: { request, context in
                // Only this server's own page: another site's page may not read the user's orders.
                SameOrigin.allows(
                    origin: request.headers[.origin], host: request.head.authority, secure: context.connection.isSecure)
                    ? .upgrade([:]) : .dontUpgrade
            }
        ) { [exchange, openSockets] inbound, outbound, context in
            let account = context.requestContext.account
            openSockets?.increment()
            defer { openSockets?.decrement() }
            // Subscribe before the snapshot, so nothing between the two is missed.
            let updates = exchange.desk.updates()
            try await outbound.write(.text(try await Self.snapshot(exchange, account: account)))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await update in updates {
                        guard let text = Self.message(update, for: account) else { continue }
                        try await outbound.write(.text(text))
                    }
                }
                group.addTask {
                    // The page closing its end (or going away) ends the inbound sequence.
                    for try await _ in inbound {}
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    /// `{"type":"snapshot","state","market","symbol","source","book","trades"}`; `book` in the tick's own form.
    static func snapshot(_ exchange: ExchangeVenue, account: AccountID) async throws -> String {
        let desk = exchange.desk
        let book = await desk.book(account: account)
        let feedState = await desk.feedState
        let message = SnapshotMessage(
            state: feedState.label, refusal: feedState.refusal.map(RefusalJSON.init), market: MarketJSON(await desk.market),
            symbol: book?.symbol ?? exchange.symbol,
            source: exchange.source,
            book: book.map(TickMessage.init),
            trades: await desk.recentTrades.map {
                .init(seq: $0.seq, time: Timestamp.iso8601Milliseconds($0.time), price: $0.price.description)
            })
        return try APIJSON.text(message)
    }

    /// One update as `account`'s page reads it, or nil for another account's order. A tick goes
    /// out in the feed's own form (the core's writer, `FeedTick.jsonText`: the hot path, one
    /// string per tick for every screen), as that account's orders left it.
    static func message(_ update: TradingUpdate, for account: AccountID) -> String? {
        switch update {
        case .tick(let tick, let left): return (left[account] ?? tick).jsonText
        case .state(let state):
            return try? APIJSON.text(StateMessage(state: state.label, refusal: state.refusal.map(RefusalJSON.init)))
        case .order(let event):
            guard event.order.account == account else { return nil }
            return try? APIJSON.text(OrderEventResponse(event, type: "order"))
        case .market(let status): return try? APIJSON.text(MarketMessage(market: MarketJSON(status)))
        }
    }
}

/// The socket's first message.
struct SnapshotMessage: Encodable {
    struct Trade: Encodable {
        let seq: Int64
        let time: String
        let price: String
    }

    let type = "snapshot"
    let state: String
    /// Why the provider refused the feed, when `state` is `refused`.
    let refusal: RefusalJSON?
    let market: MarketJSON
    @ExplicitNull var symbol: String?
    let source: SourceKind
    @ExplicitNull var book: TickMessage?
    let trades: [Trade]
}

/// `{"type":"state","state":"live"}`; a refused feed adds `"refusal":{"reason","fix"}`.
struct StateMessage: Encodable {
    let type = "state"
    let state: String
    let refusal: RefusalJSON?
}

/// `{"type":"market","market":{"open":false,"nextOpen":"2026-11-30T14:30:00Z"}}`: the market
/// opened or closed.
struct MarketMessage: Encodable {
    let type = "market"
    let market: MarketJSON
}

/// A tick as the feed protocol writes it, for the snapshot's `book`.
struct TickMessage: Encodable {
    let type = "tick"
    let seq: Int64
    let time: String
    let symbol: String
    @ExplicitNull var last: LastTradeJSON?
    let bids: [LevelJSON]
    let asks: [LevelJSON]

    init(_ tick: FeedTick) {
        seq = tick.seq
        time = Timestamp.iso8601Milliseconds(tick.time)
        symbol = tick.symbol
        last = tick.last.map { LastTradeJSON(price: $0.price.description, size: $0.size) }
        bids = tick.bids.map(LevelJSON.init)
        asks = tick.asks.map(LevelJSON.init)
    }
}
