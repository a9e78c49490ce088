/// What one engine step did: the fills, every order whose state changed, in its new state, and
/// the trailing stops' moves (one `TrailMove` for all the stops of a side).
public struct MatchReport: Sendable, Equatable {
    /// In the order they happened.
    public var fills: [Fill]
    /// Each changed order once, in its last state, in the order it was first changed; a submitted
    /// order is always here, even when it was REJECTED. A trailing stop whose reference moved and
    /// nothing else is not, unless the tick was applied with `MovedStops.listed`.
    public private(set) var orders: [Order]
    /// The trailing stops' moves (SPEC.md §10, step 2), one per account and side whose stops
    /// moved, in the order they happened.
    public var trailMoves: [TrailMove] = []
    /// Where each order is in `orders`.
    private var positions: [String: Int] = [:]

    public init(fills: [Fill] = [], orders: [Order] = [], trailMoves: [TrailMove] = []) {
        self.fills = fills
        self.trailMoves = trailMoves
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
        trailMoves += other.trailMoves
        for order in other.orders { note(order) }
    }

    /// Appends a later step's changes, keeping each order here in its last state: a trailing stop
    /// still waiting takes the later step's `TrailMove`s (which list no order) before the later
    /// step's own orders are noted. For a batch of steps stored as one (the trading desk's commit).
    public mutating func append(_ later: MatchReport) {
        if !later.trailMoves.isEmpty {
            for i in orders.indices where orders[i].isWaitingTrailingStop {
                for move in later.trailMoves { orders[i] = move.applied(to: orders[i]) }
            }
        }
        absorb(later)
    }

    /// Whether nothing happened.
    public var isEmpty: Bool { fills.isEmpty && orders.isEmpty && trailMoves.isEmpty }

    public static func == (a: MatchReport, b: MatchReport) -> Bool {
        a.fills == b.fills && a.orders == b.orders && a.trailMoves == b.trailMoves
    }
}
