/// What one engine step did: the fills, and every order whose state changed, in its new state.
public struct MatchReport: Sendable, Equatable {
    /// In the order they happened.
    public var fills: [Fill]
    /// Each changed order once, in its last state, in the order it was first changed; a submitted
    /// order is always here, even when it was REJECTED.
    public private(set) var orders: [Order]
    /// Where each order is in `orders`.
    private var positions: [String: Int] = [:]

    public init(fills: [Fill] = [], orders: [Order] = []) {
        self.fills = fills
        self.orders = []
        for order in orders { note(order) }
    }

    /// Records an order's new state: in place if it changed before in this step.
    public mutating func note(_ order: Order) {
        if let i = positions[order.id] {
            orders[i] = order
        } else {
            positions[order.id] = orders.count
            orders.append(order)
        }
    }

    /// Appends another step's changes.
    public mutating func absorb(_ other: MatchReport) {
        fills += other.fills
        for order in other.orders { note(order) }
    }

    /// Whether nothing happened.
    public var isEmpty: Bool { fills.isEmpty && orders.isEmpty }

    public static func == (a: MatchReport, b: MatchReport) -> Bool {
        a.fills == b.fills && a.orders == b.orders
    }
}
