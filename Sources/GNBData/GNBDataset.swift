import BourseCore
import Foundation

/// Rates and transactions as downloaded: fresh, or the last good download when the source failed.
public struct GNBDataset: Sendable {
    public var rates: [Rate]
    public var transactions: [Transaction]
    /// When the older of the two downloads was made.
    public var fetchedAt: Date
    /// True when either resource came from the last good download instead of the source.
    public var isStale: Bool
    /// Why a saved download was used, in words for the screen.
    public var warnings: [String]

    public init(rates: [Rate], transactions: [Transaction], fetchedAt: Date, isStale: Bool, warnings: [String]) {
        self.rates = rates
        self.transactions = transactions
        self.fetchedAt = fetchedAt
        self.isStale = isStale
        self.warnings = warnings
    }
}
