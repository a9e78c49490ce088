import BourseCore
import Foundation

/// One simulated tick as the provider streams see it: the tick, and what it changed.
struct MarketEvent: Sendable, Equatable {
    var tick: FeedTick
    /// The best bid or the best ask (price or size) differs from the previous tick's.
    var quoteChanged: Bool
    /// The tick printed a new trade (`tick.last`); otherwise `last` repeats an older one.
    var newTrade: Bool

    /// The event for `tick`, which followed `previous` (nil: the first tick, whose quote is new).
    init(tick: FeedTick, previous: FeedTick?, newTrade: Bool) {
        self.tick = tick
        quoteChanged = previous?.bestBid != tick.bestBid || previous?.bestAsk != tick.bestAsk
        self.newTrade = newTrade && tick.last != nil
    }

    /// A round-lot quote size: max(1, shares / 100); 0 for a side without a quote.
    static func lots(_ level: BookLevel?) -> Int {
        guard let level else { return 0 }
        return max(1, level.quantity / 100)
    }

    /// The price as a JSON number, from its exact decimal text; 0 for a side without a quote.
    static func number(_ level: BookLevel?) -> String {
        level.map { "\($0.price)" } ?? "0"
    }

    /// The tick's time in Unix milliseconds, the same instant as its RFC 3339 text.
    var unixMilliseconds: Int64 { Self.unixMilliseconds(tick.time) }

    /// `date` in Unix milliseconds, the same instant as `Timestamp.iso8601Milliseconds` writes.
    static func unixMilliseconds(_ date: Date) -> Int64 {
        let text = Timestamp.iso8601Milliseconds(date)
        let instant = Timestamp.parseISO8601(text) ?? date
        return Int64((instant.timeIntervalSince1970 * 1000).rounded())
    }
}
