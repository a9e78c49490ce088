import Foundation

extension MatchingEngine {
    /// When the next `apply` could act (`EngineWake`). O(1) amortised: it looks at the tops of
    /// the resting index and the waiting stops' heaps (dropping entries removed lazily) and at
    /// the oldest listed day order.
    mutating func wake() -> EngineWake {
        EngineWake(
            always: !held.isEmpty,
            onAnyLast: stops.hasUnreferenced,
            daySession: dayOrdersStart < dayOrders.count ? dayOrders[dayOrdersStart].session : nil,
            highestBuyLimit: index.first(.buy)?.limit,
            lowestSellLimit: index.first(.sell)?.limit,
            lowestBuyStopLevel: stops.lowestBuyLevel(),
            highestSellStopLevel: stops.highestSellLevel(),
            highestBuyTrailReference: stops.highestBuyReference(),
            lowestSellTrailReference: stops.lowestSellReference())
    }
}
