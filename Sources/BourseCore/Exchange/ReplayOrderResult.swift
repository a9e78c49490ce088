/// Where one order ended after a replay: a scripted order, or an exit a bracket made.
public struct ReplayOrderResult: Sendable, Hashable {
    public var id: String
    public var side: Side
    /// The type with its prices (a stop's fixed level, a trailing stop's trail).
    public var kind: OrderKind
    /// An exit's quantity follows its entry's fills and shrinks with the other exit's.
    public var quantity: Int
    public var timeInForce: TimeInForce
    public var bracket: Bracket?
    /// For an exit (`ENTRY.tp`, `ENTRY.sl`): its entry.
    public var parentID: String?
    public var status: OrderStatus
    public var filledQuantity: Int
    /// The exact sum of price × quantity over the fills, in ticks (cents).
    public var filledTicks: Int64
    /// The stop level in force at the end: a trailing stop's last level; nil for other types and
    /// for a trailing stop before its first reference.
    public var stopPrice: Price?
    /// Whether a stop has triggered; true from the start for the types that wait for nothing.
    public var triggered: Bool
    /// The last price that triggered a stop.
    public var triggerPrice: Price?
    /// For CANCELLED, REJECTED and EXPIRED: why.
    public var reason: String?
    /// What else happened to the order, e.g. a cancel that came after it was final.
    public var notes: [String]
    /// In the order they happened.
    public var fills: [ReplayFill]

    public var type: OrderType { kind.type }
    /// The limit; nil for market, stop and trailing stop orders.
    public var price: Price? { kind.limitPrice }

    /// An order not yet submitted: PENDING, nothing filled.
    init(id: String, request: OrderRequest) {
        self.init(
            id: id, side: request.side, kind: request.kind, quantity: request.quantity, timeInForce: request.timeInForce,
            bracket: request.bracket, parentID: nil)
    }

    /// An order the engine made (a bracket's exit), as it first appears.
    init(_ order: Order) {
        self.init(
            id: order.id, side: order.side, kind: order.kind, quantity: order.quantity, timeInForce: order.timeInForce,
            bracket: order.bracket, parentID: order.parentID)
        update(order)
    }

    private init(
        id: String, side: Side, kind: OrderKind, quantity: Int, timeInForce: TimeInForce, bracket: Bracket?, parentID: String?
    ) {
        self.id = id
        self.side = side
        self.kind = kind
        self.quantity = quantity
        self.timeInForce = timeInForce
        self.bracket = bracket
        self.parentID = parentID
        status = .pending
        filledQuantity = 0
        filledTicks = 0
        stopPrice = kind.fixedStopPrice
        triggered = !kind.type.isStop
        triggerPrice = nil
        reason = nil
        notes = []
        fills = []
    }

    /// The average fill price, exact to four places (half-even); nil before any fill.
    public var averagePrice: ExactDecimal? {
        filledQuantity > 0 ? Price.average(ticks: Int128(filledTicks), quantity: filledQuantity) : nil
    }

    mutating func update(_ order: Order) {
        quantity = order.quantity
        status = order.status
        filledQuantity = order.filledQuantity
        filledTicks = order.filledTicks
        stopPrice = order.stopPrice
        triggered = order.triggered
        triggerPrice = order.triggerPrice
        reason = order.reason
    }
}

/// One fill in a replay's output: the tick that supplied it, the price and the shares.
public struct ReplayFill: Sendable, Hashable {
    public var seq: Int64
    public var price: Price
    public var quantity: Int

    public init(seq: Int64, price: Price, quantity: Int) {
        self.seq = seq
        self.price = price
        self.quantity = quantity
    }
}
