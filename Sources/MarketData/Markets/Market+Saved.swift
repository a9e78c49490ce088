import BourseCore

extension Market {
    /// The quotes of `symbols` (those that traded on the last day) from the prices already in
    /// memory or saved: never a request to the source, so it answers at once. A symbol without
    /// a saved price has no quote.
    public func savedQuotes(for symbols: [String]) async -> [String: Quote] {
        guard !symbols.isEmpty, let pricing = await pricer.savedPricing() else { return [:] }
        return Dictionary(
            pricing.value.quotes(for: symbols).map { ($0.symbol, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
