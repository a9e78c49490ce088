/// The armed alerts, indexed for the price path: per symbol, the lowest `above` level, the
/// highest `below` level and the smallest `movePercent`. A price that meets none of a symbol's
/// alerts costs one dictionary lookup and at most three comparisons, however many alerts there
/// are (BENCHMARKS.md); only a price that meets one looks at the alerts themselves.
public struct AlertBook: Sendable {
    private struct Entry: Sendable {
        var lowestAbove: ExactDecimal?
        var highestBelow: ExactDecimal?
        var smallestMove: ExactDecimal?
        var alerts: [Alert] = []

        func mayMeet(price: ExactDecimal, changePercent: ExactDecimal?) -> Bool {
            if let lowestAbove, price >= lowestAbove { return true }
            if let highestBelow, price <= highestBelow { return true }
            if let smallestMove, let changePercent, changePercent.magnitude >= smallestMove { return true }
            return false
        }
    }

    private var bySymbol: [String: Entry] = [:]

    /// The book of `alerts`' armed ones (fired ones wait for a re-arm).
    public init(_ alerts: [Alert]) {
        for alert in alerts where alert.status == .armed {
            var entry = bySymbol[alert.symbol] ?? Entry()
            switch alert.condition {
            case .above(let level): entry.lowestAbove = min(entry.lowestAbove ?? level.decimal, level.decimal)
            case .below(let level): entry.highestBelow = max(entry.highestBelow ?? level.decimal, level.decimal)
            case .movePercent(let percent): entry.smallestMove = min(entry.smallestMove ?? percent, percent)
            }
            entry.alerts.append(alert)
            bySymbol[alert.symbol] = entry
        }
    }

    /// The symbols with an armed alert.
    public var symbols: [String] { bySymbol.keys.sorted() }

    public var isEmpty: Bool { bySymbol.isEmpty }

    /// The armed alerts on `symbol` that `price` (with the day's change, when known) meets, in
    /// the order they were set.
    public func met(symbol: String, price: ExactDecimal, changePercent: ExactDecimal?) -> [Alert] {
        guard let entry = bySymbol[symbol], entry.mayMeet(price: price, changePercent: changePercent) else { return [] }
        return entry.alerts.filter { $0.condition.isMet(price: price, changePercent: changePercent) }
    }
}
