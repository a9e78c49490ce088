import Foundation

/// What a tick must show for a `MatchingEngine`'s `apply` to do more than replace its book and
/// session (SPEC.md §10's steps), read from its state after its last change. A tick that meets
/// none of these changes no order, fills nothing and reports nothing, so an `AccountsEngine`
/// may skip the engine and give it only the book when it next needs one.
///
/// Each condition is the one its step checks, against the live tops of the engine's heaps, so a
/// tick that meets one nearly always acts. The exceptions cost one visit that finds nothing: a
/// trailing stop cancelled before its first last keeps `onAnyLast` until a tick with a last, and
/// a `day` order cancelled or filled stays listed (`daySession`) until the next session's first
/// tick. The converse is what matters, and holds without exception: skipping is exact.
struct EngineWake: Sendable, Equatable {
    /// Bracket exits made or grown since the last tick: the next tick places them, whatever it is.
    var always = false
    /// Trailing stops placed before any last price: the next tick with a last gives them their
    /// reference.
    var onAnyLast = false
    /// The session of the oldest listed `day` order: a tick of another session expires it.
    var daySession: MarketDate?
    /// The best resting buy's limit: a best ask at or below it trades.
    var highestBuyLimit: Price?
    /// The best resting sell's limit: a best bid at or above it trades.
    var lowestSellLimit: Price?
    /// The nearest waiting buy stop's level: a last at or above it triggers.
    var lowestBuyStopLevel: Price?
    /// The nearest waiting sell stop's level: a last at or below it triggers.
    var highestSellStopLevel: Price?
    /// The highest buy trailing reference: a last below it moves a reference.
    var highestBuyTrailReference: Price?
    /// The lowest sell trailing reference: a last above it moves a reference.
    var lowestSellTrailReference: Price?

    /// Whether `apply(tick)` could do anything beyond replacing the book and session; `session`
    /// is the tick's session date.
    func acts(on tick: FeedTick, session: MarketDate) -> Bool {
        if always { return true }
        if let daySession, daySession != session { return true }
        if let ask = tick.bestAsk?.price, let limit = highestBuyLimit, ask <= limit { return true }
        if let bid = tick.bestBid?.price, let limit = lowestSellLimit, bid >= limit { return true }
        guard let last = tick.last?.price else { return false }
        if onAnyLast { return true }
        if let level = lowestBuyStopLevel, last >= level { return true }
        if let level = highestSellStopLevel, last <= level { return true }
        if let reference = highestBuyTrailReference, last < reference { return true }
        if let reference = lowestSellTrailReference, last > reference { return true }
        return false
    }
}
