import BourseCore
import Exchange
import ExchangeFeature
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Metrics
import NIOWebSocket

/// `/exchange/ws`: the exchange screen's live feed from the app. A snapshot first (state,
/// market status, book, recent trades for the chart), then every tick, feed state change,
/// market open or close and order event as it happens. Server to page only; anything the page sends is ignored.
///
/// Each socket is one account's (the signed-in person's): its book is what that account's orders
/// left of each tick, and it hears of that account's orders only (SPEC.md §14).
///
/// The updates come through one `ExchangeFanout` for all the sockets, each written into a frame
/// once. A socket that falls `backlog` updates behind (a page that stopped reading) is closed with
/// 1013, "try again later", and counted; the page reconnects and starts again from a snapshot.
struct ExchangeSocket {
    /// The close code of a socket that fell behind: 1013, Try Again Later (RFC 6455 §7.4, IANA registry).
    static let fellBehindCode = WebSocketErrorCode(codeNumber: 1013)

    let exchange: ExchangeVenue
    let openSockets: Meter?
    let fanout: ExchangeFanout
    /// How long a socket that fell behind has to take its close frame before the server stops
    /// waiting (the connection then closes after the WebSocket close timeout).
    let closeGrace: Duration

    /// `backlog`: how many updates a socket may have waiting before it is closed; each socket that
    /// is closed for it counts in `fellBehind`.
    init(
        exchange: ExchangeVenue, openSockets: Meter? = nil, fellBehind: Counter? = nil, backlog: Int = 256,
        closeGrace: Duration = .seconds(5)
    ) {
        self.exchange = exchange
        self.openSockets = openSockets
        self.fanout = ExchangeFanout(desk: exchange.desk, backlog: backlog, fellBehindCount: fellBehind)
        self.closeGrace = closeGrace
    }

    /// How a socket's serving ends.
    private enum Turn {
        /// The page closed its end, or went away.
        case pageLeft
        /// It fell behind and was let go by the fan-out.
        case fellBehind
        /// Its updates ended (shutdown), every one written.
        case updatesEnded
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.ws(
            "exchange/ws",
            shouldUpgrade: { request, context in
                // Only this server's own page: another site's page may not read the user's orders.
                SameOrigin.allows(
                    origin: request.headers[.origin], host: request.head.authority, secure: context.connection.isSecure)
                    ? .upgrade([:]) : .dontUpgrade
            }
        ) { [exchange, fanout, openSockets, closeGrace] inbound, outbound, context in
            let account = context.requestContext.account
            openSockets?.increment()
            defer { openSockets?.decrement() }
            // Subscribe before the snapshot, so nothing between the two is missed: the fan-out
            // keeps what comes until the snapshot is written, then writes each frame as it comes.
            let subscription = fanout.subscribe(account: account, channel: context.requestContext.channel)
            defer { fanout.unsubscribe(subscription.id) }
            fanout.activate(
                subscription.id, snapshot: WireFrame(try await Self.snapshot(exchange, account: account)))
            let turn = try await withThrowingTaskGroup(of: Turn.self) { group in
                group.addTask {
                    // The page closing its end (or going away) ends the inbound sequence.
                    for try await _ in inbound {}
                    return .pageLeft
                }
                group.addTask {
                    // Heard at once, even while its channel waits for a page that does not read.
                    for await ending in subscription.ended {
                        switch ending {
                        case .fellBehind: return .fellBehind
                        case .updatesEnded: return .updatesEnded
                        }
                    }
                    return .updatesEnded
                }
                let turn = try await group.next() ?? .updatesEnded
                group.cancelAll()
                return turn
            }
            if case .fellBehind = turn {
                // A page that does not read may not read its close frame either: it gets `closeGrace`.
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        try? await outbound.close(Self.fellBehindCode, reason: "fell behind the feed; reconnect")
                    }
                    group.addTask { try? await Task.sleep(for: closeGrace) }
                    await group.next()
                    group.cancelAll()
                }
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

    /// One update as `account`'s page reads it, or nil for another account's order.
    static func message(_ update: TradingUpdate, for account: AccountID) -> String? {
        ExchangeMessage(update).text(for: account)
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

/// `{"type":"trail","side":"sell","reference":"101.25"}`: the account's waiting trailing stops on
/// that side took the new reference (SPEC.md §10, step 2); their levels are read again from
/// `/api/v1/orders`. One message however many stops moved.
struct TrailMessage: Encodable {
    let type = "trail"
    let side: String
    let reference: String
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
