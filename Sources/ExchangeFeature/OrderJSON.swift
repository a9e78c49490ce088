import BourseCore
import Foundation

/// An order as the API and the screen's socket show it: prices as decimal strings, times in
/// ISO 8601 UTC with milliseconds, missing values as `null`.
public struct OrderJSON: Codable, Sendable {
    public let id: String
    public let side: String
    public let type: String
    public let quantity: Int
    @ExplicitNull public var price: String?
    public let status: String
    public let filledQuantity: Int
    @ExplicitNull public var averagePrice: String?
    @ExplicitNull public var reason: String?
    public let createdAt: String
    public let updatedAt: String
    /// SPEC.md §10: the stop in force (a trailing stop's moves), whether it triggered and at what
    /// last price, the trail, the time in force, the bracket, and an exit's entry.
    @ExplicitNull public var stopPrice: String?
    public let triggered: Bool
    @ExplicitNull public var triggerPrice: String?
    @ExplicitNull public var trailAmount: String?
    @ExplicitNull public var trailPercent: String?
    public let timeInForce: String
    @ExplicitNull public var takeProfit: String?
    @ExplicitNull public var stopLoss: String?
    @ExplicitNull public var parentId: String?

    public init(_ order: Order) {
        id = order.id
        side = order.side.rawValue
        let kind = order.kind.fields
        type = kind.type.rawValue
        quantity = order.quantity
        price = kind.limitPrice?.description
        status = order.status.rawValue
        filledQuantity = order.filledQuantity
        averagePrice = order.averagePrice.map(OrderNotice.priceText)
        reason = order.reason
        createdAt = Timestamp.iso8601Milliseconds(order.createdAt)
        updatedAt = Timestamp.iso8601Milliseconds(order.updatedAt)
        stopPrice = order.stopPrice?.description
        triggered = order.triggered
        triggerPrice = order.triggerPrice?.description
        trailAmount = kind.trailAmount?.description
        trailPercent = kind.trailPercent?.description
        timeInForce = order.timeInForce.rawValue
        takeProfit = order.bracket?.takeProfit?.description
        stopLoss = order.bracket?.stopLoss?.description
        parentId = order.parentID
    }
}
