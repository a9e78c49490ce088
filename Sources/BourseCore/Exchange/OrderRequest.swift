/// What the user asks for: side, type, whole-share quantity and, for a limit order, its price.
///
/// Only a valid request exists: `OrderRequest.parse(_:)` refuses quantity 0, negative,
/// fractional or non-numeric values, a limit order without a positive price on the tick size,
/// a market order with a price, and unknown sides or types, each with an `OrderError`.
public struct OrderRequest: Hashable, Sendable {
    /// The largest quantity one order may ask for.
    public static let maxQuantity = 1_000_000_000

    public let side: Side
    public let type: OrderType
    public let quantity: Int
    /// The limit price; nil for a market order.
    public let limitPrice: Price?

    /// A market order.
    public static func market(_ side: Side, quantity: Int) throws(OrderError) -> OrderRequest {
        try OrderRequest(side: side, type: .market, quantity: quantity, limitPrice: nil)
    }

    /// A limit order.
    public static func limit(_ side: Side, quantity: Int, price: Price) throws(OrderError) -> OrderRequest {
        try OrderRequest(side: side, type: .limit, quantity: quantity, limitPrice: price)
    }

    /// Checks the rules that do not depend on the text the request came from.
    public init(side: Side, type: OrderType, quantity: Int, limitPrice: Price?) throws(OrderError) {
        guard quantity > 0 else { throw .quantityNotPositive(String(quantity)) }
        guard quantity <= Self.maxQuantity else { throw .quantityTooLarge(String(quantity)) }
        switch type {
        case .market:
            if let limitPrice { throw .priceOnMarketOrder(limitPrice.description) }
        case .limit:
            guard let limitPrice else { throw .priceMissing }
            guard limitPrice.ticks > 0 else { throw .priceNotPositive(limitPrice.description) }
        }
        self.side = side
        self.type = type
        self.quantity = quantity
        self.limitPrice = limitPrice
    }
}
