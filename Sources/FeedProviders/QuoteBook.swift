import BourseCore
import Foundation

/// Turns a provider's quotes and trades into the exchange's ticks: the last quote's best bid and
/// ask as one level a side, the last trade as `last`, and a `seq` that grows by one per tick.
///
/// It lives as long as the feed client, across connections: `seq` goes on growing (so the
/// client's sequence rules hold as for any feed) and the last trade is kept, while the quote is
/// forgotten when a connection ends (`connectionLost()`), since it may no longer stand.
public struct QuoteBook: Sendable {
    /// What became of one update.
    public enum Outcome: Equatable, Sendable {
        /// A new tick for the exchange.
        case tick(FeedTick)
        /// Dropped: older than the last update of its kind (`reason` says by how much).
        case outOfOrder(String)
        /// Dropped: the quote would cross the book (the bid at or above the ask).
        case refused(FeedMessageError)
    }

    public let symbol: String
    /// The `seq` of the last tick made; 0 before the first.
    public private(set) var seq: Int64 = 0
    private var bid: BookLevel?
    private var ask: BookLevel?
    private var quoteTime: Date?
    private var last: LastTrade?
    private var tradeTime: Date?
    private var tickTime: Date?

    public init(symbol: String) {
        self.symbol = symbol
    }

    /// The quote is forgotten: the next connection's first quote makes the book again.
    public mutating func connectionLost() {
        bid = nil
        ask = nil
        quoteTime = nil
    }

    /// Applies one update. A quote or trade older than the last of its kind is dropped (a
    /// provider may deliver late); a crossed or locked quote is refused like any crossed tick.
    /// The tick's time is the update's, but never earlier than the tick before.
    public mutating func apply(_ update: ProviderUpdate) -> Outcome {
        switch update {
        case .quote(let newBid, let newAsk, let time):
            if let quoteTime, time < quoteTime {
                return .outOfOrder("a quote from \(Self.lag(time, behind: quoteTime)) before the last one")
            }
            if let newBid, let newAsk, newBid.price >= newAsk.price {
                return .refused(
                    FeedMessageError("crossed quote: bid \(newBid.price) is not below ask \(newAsk.price)"))
            }
            bid = newBid
            ask = newAsk
            quoteTime = time
        case .trade(let trade, let time):
            if let tradeTime, time < tradeTime {
                return .outOfOrder("a trade from \(Self.lag(time, behind: tradeTime)) before the last one")
            }
            last = trade
            tradeTime = time
        }
        seq += 1
        let time = max(update.time, tickTime ?? update.time)
        tickTime = time
        return .tick(
            FeedTick(
                seq: seq, time: time, symbol: symbol, last: last, bids: bid.map { [$0] } ?? [], asks: ask.map { [$0] } ?? []))
    }

    private static func lag(_ time: Date, behind later: Date) -> String {
        let milliseconds = Int((later.timeIntervalSince(time) * 1000).rounded())
        return milliseconds < 1000 ? "\(milliseconds) ms" : "\(Double(milliseconds) / 1000) s"
    }
}
