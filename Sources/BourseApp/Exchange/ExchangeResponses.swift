import BourseCore
import Exchange
import ExchangeFeature
import Foundation
import Hummingbird

/// A fill: the tick it came from, when, at what price, how many shares.
struct FillJSON: Encodable, Sendable {
    let seq: Int64
    let time: String
    let price: String
    let quantity: Int

    init(_ fill: Fill) {
        seq = fill.seq
        time = Timestamp.iso8601Milliseconds(fill.time)
        price = fill.price.description
        quantity = fill.quantity
    }
}

/// `POST /api/v1/orders`, `GET`/`DELETE /api/v1/orders/{id}`, and the socket's order messages.
public struct OrderEventResponse: ResponseEncodable {
    var type: String?
    let order: OrderJSON
    let fills: [FillJSON]
    var notice: String?

    init(_ event: OrderEvent, withNotice: Bool = true, type: String? = nil) {
        self.type = type
        order = OrderJSON(event.order)
        fills = event.fills.map(FillJSON.init)
        notice = withNotice ? event.notice : nil
    }
}

/// A book side as `[["101.24", 300], ...]`.
struct LevelJSON: Encodable {
    let level: BookLevel

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(level.price.description)
        try container.encode(level.quantity)
    }
}

struct LastTradeJSON: Encodable {
    let price: String
    let size: Int
}

/// Why a provider refused the feed, and what the user can do: `{"reason","fix"}`.
struct RefusalJSON: Encodable {
    let reason: String
    let fix: String

    init(_ refusal: FeedRefusal) {
        reason = refusal.reason
        fix = refusal.fix
    }
}

/// Whether the market is open: `{"open": false, "nextOpen": "2026-11-30T14:30:00Z"}`; `nextOpen`
/// is null while it is open and when a closed market never opens.
struct MarketJSON: Encodable, Sendable {
    let open: Bool
    @ExplicitNull var nextOpen: String?

    init(_ status: MarketStatus) {
        open = status.isOpen
        nextOpen = status.nextOpen.map(Timestamp.iso8601)
    }
}

/// `GET /api/v1/book`: the feed's state, whether the market is open and what is left of the
/// current book (while the market is closed: the last tick's).
struct BookResponse: ResponseEncodable {
    @ExplicitNull var symbol: String?
    let state: String
    /// Present when `state` is `refused`.
    let refusal: RefusalJSON?
    let source: SourceKind
    @ExplicitNull var seq: Int64?
    @ExplicitNull var time: String?
    @ExplicitNull var last: LastTradeJSON?
    let bids: [LevelJSON]
    let asks: [LevelJSON]
    let market: MarketJSON

    init(book: FeedTick?, symbol: String?, state: FeedState, source: SourceKind, market: MarketStatus) {
        self.symbol = book?.symbol ?? symbol
        self.state = state.label
        refusal = state.refusal.map(RefusalJSON.init)
        self.source = source
        seq = book?.seq
        time = book.map { Timestamp.iso8601Milliseconds($0.time) }
        last = book?.last.map { LastTradeJSON(price: $0.price.description, size: $0.size) }
        bids = (book?.bids ?? []).map(LevelJSON.init)
        asks = (book?.asks ?? []).map(LevelJSON.init)
        self.market = MarketJSON(market)
    }
}

/// `GET /api/v1/position`: shares held (negative: short), what they cost, and the P&L.
struct PositionResponse: ResponseEncodable {
    @ExplicitNull var symbol: String?
    let quantity: Int
    @ExplicitNull var averageCost: String?
    let costBasis: String
    let realizedPnL: String
    @ExplicitNull var unrealizedPnL: String?
    @ExplicitNull var marketValue: String?
    @ExplicitNull var markPrice: String?
    /// With cash (`BOURSE_STARTING_CASH`): the account's cash, buying power, position value and
    /// equity; null for infinite capital.
    @ExplicitNull var cash: CashJSON?

    init(_ position: Position, symbol: String?, markPrice: Price?, standing: AccountStanding, startingCash: StartingCash?) {
        self.symbol = symbol
        quantity = position.quantity
        averageCost = position.averageCost.map(OrderNotice.priceText)
        costBasis = position.costBasis.formatted(places: 2)
        realizedPnL = position.realizedPnL.formatted(places: 2)
        unrealizedPnL = position.unrealizedPnL?.formatted(places: 2)
        marketValue = position.marketValue?.formatted(places: 2)
        self.markPrice = markPrice?.description
        cash = startingCash.flatMap { CashJSON(standing, startingCash: $0) }
    }
}

/// `{"startingCash","cash","buyingPower","positionValue","equity"}`: where an account with cash stands.
struct CashJSON: Encodable {
    let startingCash: String
    let cash: String
    let buyingPower: String
    @ExplicitNull var positionValue: String?
    @ExplicitNull var equity: String?

    init?(_ standing: AccountStanding, startingCash: StartingCash) {
        guard let cash = standing.cash, let buyingPower = standing.buyingPower else { return nil }
        self.startingCash = startingCash.decimal.formatted(places: 2)
        self.cash = cash.formatted(places: 2)
        self.buyingPower = buyingPower.formatted(places: 2)
        positionValue = standing.positionValue?.formatted(places: 2)
        equity = standing.equity?.formatted(places: 2)
    }
}
