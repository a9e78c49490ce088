import BourseCore

/// An order and the fills one event gave it (all its fills when read back).
public struct OrderEvent: Sendable, Equatable {
    public let order: Order
    public let fills: [Fill]

    public init(order: Order, fills: [Fill]) {
        self.order = order
        self.fills = fills
    }

    /// The sentence for the user: "bought 40 of 100 at 101.25; 60 could not be filled".
    public var notice: String { OrderNotice.text(for: order, newFills: fills) }

    /// One event per order the report changed, each with the fills the report gave it.
    static func all(in report: MatchReport) -> [OrderEvent] {
        report.orders.map { order in OrderEvent(order: order, fills: report.fills.filter { $0.orderID == order.id }) }
    }
}
