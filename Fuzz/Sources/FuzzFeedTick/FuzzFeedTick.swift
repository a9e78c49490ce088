import BourseCore
import FuzzSupport

/// The exchange feed's tick messages (`FeedTick.parse`), as they arrive over the WebSocket or
/// from a recorded feed.
///
/// Checks: a message either throws a `FeedMessageError` with a reason or gives a tick that
/// obeys the protocol (positive seq, a symbol, at most ten levels a side, prices above zero,
/// positive quantities, bids strictly descending, asks strictly ascending, not crossed); and
/// the tick's own `jsonText` reads back as the same tick.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedTick(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput(data, size).text
    let tick: FeedTick
    do {
        tick = try FeedTick.parse(text)
    } catch {
        check(!error.reason.isEmpty, "an error without a reason")
        return 0
    }
    check(tick.seq > 0 && !tick.symbol.isEmpty, "seq \(tick.seq), symbol \(tick.symbol)")
    check(tick.bids.count <= FeedTick.maxLevels && tick.asks.count <= FeedTick.maxLevels, "too many levels: \(tick)")
    let levels = tick.bids + tick.asks + (tick.last.map { [BookLevel(price: $0.price, quantity: $0.size)] } ?? [])
    check(levels.allSatisfy { $0.price.ticks > 0 && $0.quantity > 0 }, "a price or quantity not above zero: \(tick)")
    check(zip(tick.bids, tick.bids.dropFirst()).allSatisfy { $0.price > $1.price }, "bids not descending: \(tick.bids)")
    check(zip(tick.asks, tick.asks.dropFirst()).allSatisfy { $0.price < $1.price }, "asks not ascending: \(tick.asks)")
    if let bid = tick.bestBid, let ask = tick.bestAsk {
        check(bid.price < ask.price, "crossed: \(bid.price) >= \(ask.price)")
    }
    let written = tick.jsonText
    let again = Result { () throws(FeedMessageError) in try FeedTick.parse(written) }
    check(again == .success(tick), "\(text) -> \(written) -> \(again)")
    return 0
}
