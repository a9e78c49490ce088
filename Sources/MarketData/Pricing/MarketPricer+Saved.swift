import BourseCore
import Foundation

extension MarketPricer {
    /// The pricing this pricer last made, or else the one the saved answers make, without a
    /// request to the source; nil when nothing is saved for the last trading day.
    ///
    /// For what must never wait on the source, such as search suggestions: a keystroke must not
    /// spend the free tier's requests, and a stock without a saved price simply shows none.
    public func savedPricing() async -> Fetched<ListPricing>? {
        if let lastGood { return lastGood }
        let saved = await SourceAccess.$savedOnly.withValue(true) { () async -> Fetched<ListPricing>? in
            if usesSnapshots, let snapshot = try? await provider.snapshots() {
                return snapshot.map { $0.pricing(calendar: calendar) }
            }
            return try? await pricing(onOrBefore: calendar.lastCompletedTradingDay(at: now()))
        }
        // What the source answered before is the last good pricing, as in `currentPricing`'s fallback.
        if let saved { lastGood = saved }
        return saved
    }
}
