import Foundation

/// An order the engine accepted, and where it stands.
public struct Order: Hashable, Sendable, Identifiable {
    public let id: String
    /// Whose order it is (SPEC.md §14): ids are unique across accounts, the matching is not.
    public let account: AccountID
    public let side: Side
    public let kind: OrderKind
    /// Shares the order is for. Fixed for an order the user placed; a bracket's exit grows as its
    /// entry fills and shrinks as the other exit fills.
    public var quantity: Int
    public let timeInForce: TimeInForce
    /// The exits a market or limit entry carries.
    public let bracket: Bracket?
    /// The entry's id, for a bracket's exit (`ENTRY.tp`, `ENTRY.sl`).
    public let parentID: String?
    /// When the user placed it (for an exit, when its entry first filled).
    public let createdAt: Date
    public var status: OrderStatus
    /// Shares filled so far.
    public var filledQuantity: Int
    /// The sum of price × quantity over the fills, in ticks (cents): exact.
    public var filledTicks: Int64
    /// Why the order ended as it did, for CANCELLED, REJECTED and EXPIRED: "cancelled by the user",
    /// "60 could not be filled: no more asks in the book", "no asks in the book",
    /// "no market data yet", "expired at the close", "fill or kill".
    public var reason: String?
    /// When the status last changed.
    public var updatedAt: Date
    /// Whether a stop has triggered; true from the start for the types that wait for nothing.
    public var triggered: Bool
    /// The last price that triggered a stop.
    public var triggerPrice: Price?
    /// A trailing stop's reference: the lowest last price since placement for a buy, the highest
    /// for a sell; nil until it has seen one.
    public var trailReference: Price?

    public init(
        id: String, account: AccountID = .owner, request: OrderRequest, createdAt: Date,
        status: OrderStatus = .pending, filledQuantity: Int = 0, filledTicks: Int64 = 0, reason: String? = nil,
        updatedAt: Date? = nil
    ) {
        self.init(
            id: id, account: account, side: request.side, kind: request.kind, quantity: request.quantity,
            timeInForce: request.timeInForce, bracket: request.bracket, parentID: nil, createdAt: createdAt,
            status: status, filledQuantity: filledQuantity, filledTicks: filledTicks, reason: reason,
            updatedAt: updatedAt)
    }

    /// Every field, for storage to restore an order as it was.
    public init(
        id: String, account: AccountID = .owner, side: Side, kind: OrderKind, quantity: Int, timeInForce: TimeInForce,
        bracket: Bracket?,
        parentID: String?, createdAt: Date, status: OrderStatus, filledQuantity: Int = 0, filledTicks: Int64 = 0,
        reason: String? = nil, updatedAt: Date? = nil, triggered: Bool? = nil, triggerPrice: Price? = nil,
        trailReference: Price? = nil
    ) {
        self.id = id
        self.account = account
        self.side = side
        self.kind = kind
        self.quantity = quantity
        self.timeInForce = timeInForce
        self.bracket = bracket
        self.parentID = parentID
        self.createdAt = createdAt
        self.status = status
        self.filledQuantity = filledQuantity
        self.filledTicks = filledTicks
        self.reason = reason
        self.updatedAt = updatedAt ?? createdAt
        self.triggered = triggered ?? !kind.type.isStop
        self.triggerPrice = triggerPrice
        self.trailReference = trailReference
    }

    /// The type as the API names it.
    public var type: OrderType { kind.type }
    /// The limit price, for a limit or stop-limit order.
    public var limitPrice: Price? { kind.limitPrice }

    /// The stop price in force: a stop's or stop-limit's, or a trailing stop's current level
    /// (nil until it has a reference).
    public var stopPrice: Price? {
        switch kind {
        case .stop(let stop), .stopLimit(let stop, _): stop
        case .trailingStop(let trail): trailReference.map { trail.stopLevel(reference: $0, side: side) }
        case .market, .limit: nil
        }
    }

    /// Shares still to fill while the order is open.
    public var remainingQuantity: Int { quantity - filledQuantity }

    /// The average fill price, exact to four places (half-even); nil before any fill.
    public var averagePrice: ExactDecimal? {
        filledQuantity > 0 ? Price.average(ticks: Int128(filledTicks), quantity: filledQuantity) : nil
    }
}

/// Shares that changed hands for an order, at the book's price.
public struct Fill: Hashable, Sendable {
    public let orderID: String
    /// The account of the order that filled.
    public let account: AccountID
    /// The `seq` of the tick whose book supplied the liquidity.
    public let seq: Int64
    public let time: Date
    public let side: Side
    public let price: Price
    public let quantity: Int

    public init(
        orderID: String, account: AccountID = .owner, seq: Int64, time: Date, side: Side, price: Price, quantity: Int
    ) {
        self.orderID = orderID
        self.account = account
        self.seq = seq
        self.time = time
        self.side = side
        self.price = price
        self.quantity = quantity
    }
}
