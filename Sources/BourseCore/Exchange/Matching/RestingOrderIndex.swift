/// How the engine finds, on each tick, the resting orders that can trade.
public enum RestingOrderIndexKind: Sendable, Hashable, CaseIterable {
    /// A binary heap per side keyed by (limit, submission order): a tick costs O(log n) plus
    /// O(log n) per order that fills, however many orders rest.
    case priceTime
    /// A plain list scanned on every tick: the naive baseline the benchmark compares against,
    /// and the reference model for the differential tests.
    case scanning
}

/// A resting limit order as the index sees it: its side, its limit and its place in time.
struct RestingKey: Hashable, Sendable {
    let side: Side
    let limit: Price
    /// The engine's submission counter: lower came first.
    let priority: Int64

    /// Whether `self` trades before `other` on the same side: the better limit first (higher
    /// for a buy, lower for a sell), then the earlier order.
    func precedes(_ other: RestingKey) -> Bool {
        if limit != other.limit { return side == .buy ? limit > other.limit : limit < other.limit }
        return priority < other.priority
    }
}

/// The open limit orders by side, in price-time priority.
protocol RestingOrderIndex: Sendable {
    mutating func insert(_ key: RestingKey)
    /// Forgets an order that filled or was cancelled; `key` is one that was inserted.
    mutating func remove(_ key: RestingKey)
    /// The order that trades first on `side`, if any. Mutating so that an index may tidy up
    /// (drop entries it removed lazily) while it looks.
    mutating func first(_ side: Side) -> RestingKey?
}

extension RestingOrderIndexKind {
    func makeIndex() -> any RestingOrderIndex {
        switch self {
        case .priceTime: PriceTimeIndex()
        case .scanning: ScanningIndex()
        }
    }
}
