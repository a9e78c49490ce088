/// What one engine step did: the fills, and every order whose state changed, in its new state.
public struct MatchReport: Sendable, Equatable {
    /// In the order they happened.
    public var fills: [Fill]
    /// Each changed order once, in the order it was first changed; a submitted order is always
    /// here, even when it was REJECTED.
    public var orders: [Order]

    public init(fills: [Fill] = [], orders: [Order] = []) {
        self.fills = fills
        self.orders = orders
    }

    /// Whether nothing happened.
    public var isEmpty: Bool { fills.isEmpty && orders.isEmpty }
}
