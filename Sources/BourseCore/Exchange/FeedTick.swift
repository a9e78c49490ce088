import Foundation

/// One message of the exchange feed: the state of one stock's market at one moment.
///
/// A tick replaces the previous book entirely; `bids` are best (highest) first and `asks` best
/// (lowest) first, up to ten levels a side. `seq` grows by one per tick. See
/// `docs/feed-protocol.md`.
public struct FeedTick: Hashable, Sendable {
    /// The most levels a side carries.
    public static let maxLevels = 10

    public var seq: Int64
    /// When the feed published the tick (UTC, millisecond precision on the wire).
    public var time: Date
    public var symbol: String
    /// The last trade, if there has been one.
    public var last: LastTrade?
    public var bids: [BookLevel]
    public var asks: [BookLevel]

    public init(seq: Int64, time: Date, symbol: String, last: LastTrade?, bids: [BookLevel], asks: [BookLevel]) {
        self.seq = seq
        self.time = time
        self.symbol = symbol
        self.last = last
        self.bids = bids
        self.asks = asks
    }

    /// The highest bid, if any.
    public var bestBid: BookLevel? { bids.first }
    /// The lowest ask, if any.
    public var bestAsk: BookLevel? { asks.first }
}
