/// Where one scripted order ended after a replay.
public struct ReplayOrderResult: Sendable, Hashable {
    public var id: String
    public var side: Side
    public var type: OrderType
    public var quantity: Int
    /// The limit; nil for a market order.
    public var price: Price?
    public var status: OrderStatus
    public var filledQuantity: Int
    /// The exact sum of price × quantity over the fills, in ticks (cents).
    public var filledTicks: Int64
    /// For CANCELLED and REJECTED: why.
    public var reason: String?
    /// What else happened to the order, e.g. a cancel that came after it was final.
    public var notes: [String]
    /// In the order they happened.
    public var fills: [ReplayFill]

    public init(
        id: String, side: Side, type: OrderType, quantity: Int, price: Price?, status: OrderStatus,
        filledQuantity: Int, filledTicks: Int64, reason: String?, notes: [String], fills: [ReplayFill]
    ) {
        self.id = id
        self.side = side
        self.type = type
        self.quantity = quantity
        self.price = price
        self.status = status
        self.filledQuantity = filledQuantity
        self.filledTicks = filledTicks
        self.reason = reason
        self.notes = notes
        self.fills = fills
    }

    /// An order not yet submitted: PENDING, nothing filled.
    init(id: String, request: OrderRequest) {
        self.init(
            id: id, side: request.side, type: request.type, quantity: request.quantity, price: request.limitPrice,
            status: .pending, filledQuantity: 0, filledTicks: 0, reason: nil, notes: [], fills: [])
    }

    /// The average fill price, exact to four places (half-even); nil before any fill.
    public var averagePrice: ExactDecimal? {
        filledQuantity > 0 ? Price.average(ticks: Int128(filledTicks), quantity: filledQuantity) : nil
    }

    mutating func update(_ order: Order) {
        status = order.status
        filledQuantity = order.filledQuantity
        filledTicks = order.filledTicks
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
