import Foundation

/// An order the engine accepted, and where it stands.
public struct Order: Hashable, Sendable, Identifiable {
    public let id: String
    public let side: Side
    public let type: OrderType
    public let quantity: Int
    public let limitPrice: Price?
    /// When the user placed it.
    public let createdAt: Date
    public var status: OrderStatus
    /// Shares filled so far.
    public var filledQuantity: Int
    /// The sum of price × quantity over the fills, in ticks (cents): exact.
    public var filledTicks: Int64
    /// Why the order ended as it did, for CANCELLED and REJECTED: "cancelled by the user",
    /// "60 could not be filled: no more asks in the book", "no asks in the book",
    /// "no market data yet".
    public var reason: String?
    /// When the status last changed.
    public var updatedAt: Date

    public init(
        id: String, request: OrderRequest, createdAt: Date, status: OrderStatus = .pending, filledQuantity: Int = 0,
        filledTicks: Int64 = 0, reason: String? = nil, updatedAt: Date? = nil
    ) {
        self.id = id
        self.side = request.side
        self.type = request.type
        self.quantity = request.quantity
        self.limitPrice = request.limitPrice
        self.createdAt = createdAt
        self.status = status
        self.filledQuantity = filledQuantity
        self.filledTicks = filledTicks
        self.reason = reason
        self.updatedAt = updatedAt ?? createdAt
    }

    /// The request the order was made from.
    public var request: OrderRequest {
        // The fields were checked when the order was made.
        try! OrderRequest(side: side, type: type, quantity: quantity, limitPrice: limitPrice)
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
    /// The `seq` of the tick whose book supplied the liquidity.
    public let seq: Int64
    public let time: Date
    public let side: Side
    public let price: Price
    public let quantity: Int

    public init(orderID: String, seq: Int64, time: Date, side: Side, price: Price, quantity: Int) {
        self.orderID = orderID
        self.seq = seq
        self.time = time
        self.side = side
        self.price = price
        self.quantity = quantity
    }
}
