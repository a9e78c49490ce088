import BourseCore
import Foundation

/// One piece of market data a provider sent for the feed's stock, already on the exchange's
/// units (prices on the tick, sizes in shares).
public enum ProviderUpdate: Hashable, Sendable {
    /// The best bid and ask now; a side with nothing quoted is nil.
    case quote(bid: BookLevel?, ask: BookLevel?, time: Date)
    /// A trade printed.
    case trade(LastTrade, time: Date)

    /// When the provider says it happened.
    public var time: Date {
        switch self {
        case .quote(_, _, let time), .trade(_, let time): time
        }
    }
}
