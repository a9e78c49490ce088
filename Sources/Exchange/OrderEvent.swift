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
}
