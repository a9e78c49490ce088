import BourseCore
import Foundation
import MarketData

public struct PricedWatchlist: Sendable {
    public struct Row: Sendable {
        public let symbol: String
        public let listing: Listing?
        public let quote: Quote?
    }

    public let rows: [Row]
    /// The prices are on their way (every row's): the page asks again.
    public let pending: Bool
    public let fetchedAt: Date
    public let isStale: Bool
}
