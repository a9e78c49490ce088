import BourseCore
import Foundation

/// An order as the API and the screen's socket show it: prices as decimal strings, times in
/// ISO 8601 UTC with milliseconds, missing values as `null`.
public struct OrderJSON: Encodable, Sendable {
    let id: String
    let side: String
    let type: String
    let quantity: Int
    @ExplicitNull var price: String?
    let status: String
    let filledQuantity: Int
    @ExplicitNull var averagePrice: String?
    @ExplicitNull var reason: String?
    let createdAt: String
    let updatedAt: String
    /// SPEC.md §10: the stop in force (a trailing stop's moves), whether it triggered and at what
    /// last price, the trail, the time in force, the bracket, and an exit's entry.
    @ExplicitNull var stopPrice: String?
    let triggered: Bool
    @ExplicitNull var triggerPrice: String?
    @ExplicitNull var trailAmount: String?
    @ExplicitNull var trailPercent: String?
    let timeInForce: String
    @ExplicitNull var takeProfit: String?
    @ExplicitNull var stopLoss: String?
    @ExplicitNull var parentId: String?

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
