import BourseCore
import Exchange

/// The exchange screen's chart: the last trade price of the most recent ticks, oldest first, at
/// most `capacity` of them.
public struct TradeChart: Sendable {
    /// How many points the chart keeps by default.
    public static let defaultCapacity = 300

    public let capacity: Int
    /// A ring: `start` is the oldest point once the ring is full.
    private var ring: [TradePoint] = []
    private var start = 0

    public init(capacity: Int = Self.defaultCapacity) {
        precondition(capacity > 0, "a chart keeps at least one point")
        self.capacity = capacity
        ring.reserveCapacity(capacity)
    }

    /// The points, oldest first.
    public var points: [TradePoint] {
        Array(ring[start...] + ring[..<start])
    }

    /// Adds the tick's last trade, if it has one, dropping the oldest point when full.
    public mutating func record(_ tick: FeedTick) {
        guard let last = tick.last else { return }
        let point = TradePoint(seq: tick.seq, time: tick.time, price: last.price)
        if ring.count < capacity {
            ring.append(point)
        } else {
            ring[start] = point
            start = (start + 1) % capacity
        }
    }
}
