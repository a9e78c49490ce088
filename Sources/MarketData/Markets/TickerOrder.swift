import BourseCore
import Foundation

/// How `GET /api/v1/tickers?sort=&order=` orders the whole market (SPEC §13): by symbol, name,
/// last price or day change in %, ascending or descending; ties by symbol; on a price sort the
/// rows with no price (no trade on the last day) come last either way.
public struct TickerOrder: Sendable, Equatable {
    public enum Key: String, Sendable, CaseIterable {
        case symbol, name, price, changePercent

        /// Whether the key is a price (the rows cannot be ordered before the prices come).
        public var needsPrices: Bool {
            switch self {
            case .symbol, .name: false
            case .price, .changePercent: true
            }
        }
    }

    public var key: Key
    public var ascending: Bool

    public init(key: Key, ascending: Bool) {
        self.key = key
        self.ascending = ascending
    }

    /// `rows` in this order.
    public func sorted(_ rows: [PricedTicker]) -> [PricedTicker] {
        rows.sorted { a, b in
            switch compare(a, b) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: a.ticker.symbol < b.ticker.symbol
            }
        }
    }

    private func compare(_ a: PricedTicker, _ b: PricedTicker) -> ComparisonResult {
        let order: ComparisonResult
        switch key {
        case .symbol: order = Self.compare(a.ticker.symbol, b.ticker.symbol)
        case .name: order = a.ticker.name.caseInsensitiveCompare(b.ticker.name)
        case .price: return compareMissingLast(a.quote?.price, b.quote?.price)
        case .changePercent: return compareMissingLast(a.quote?.changePercent, b.quote?.changePercent)
        }
        return ascending ? order : order.reversed
    }

    /// Two values in this direction, a missing one after any present one.
    private func compareMissingLast(_ a: ExactDecimal?, _ b: ExactDecimal?) -> ComparisonResult {
        switch (a, b) {
        case (nil, nil): return .orderedSame
        case (nil, _): return .orderedDescending
        case (_, nil): return .orderedAscending
        case (let a?, let b?):
            let order = Self.compare(a, b)
            return ascending ? order : order.reversed
        }
    }

    private static func compare<Value: Comparable>(_ a: Value, _ b: Value) -> ComparisonResult {
        a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
    }
}

extension ComparisonResult {
    fileprivate var reversed: ComparisonResult {
        switch self {
        case .orderedAscending: .orderedDescending
        case .orderedDescending: .orderedAscending
        case .orderedSame: .orderedSame
        }
    }
}
