import Foundation

/// Whether the market is open (`MarketHours.status(at:)`) and, when it is closed, when it opens.
public struct MarketStatus: Sendable, Hashable {
    /// The reason a market order gets while the market is closed (SPEC.md §9).
    public static let closedReason = "market closed"

    public let isOpen: Bool
    /// When a closed market next opens; nil when it is open, or when it never opens.
    public let nextOpen: Date?

    public static let open = MarketStatus(isOpen: true, nextOpen: nil)

    public static func closed(nextOpen: Date?) -> MarketStatus {
        MarketStatus(isOpen: false, nextOpen: nextOpen)
    }

    private init(isOpen: Bool, nextOpen: Date?) {
        self.isOpen = isOpen
        self.nextOpen = nextOpen
    }
}
