/// How long an order stays open (SPEC.md §10).
///
/// `market` takes `ioc` (the default) or `fok`; `limit` takes all four (default `gtc`); the stop
/// types take `gtc` (default) or `day`.
public enum TimeInForce: String, Sendable, Hashable, CaseIterable, Codable {
    /// Good till cancelled.
    case gtc
    /// Expires at the close: when a tick's session date differs from the placement's.
    case day
    /// Immediate or cancel: fill what the book allows now, cancel the rest.
    case ioc
    /// Fill or kill: the whole quantity now, or nothing.
    case fok

    /// What an order of `type` gets when the request names none: the first it allows.
    public static func `default`(for type: OrderType) -> TimeInForce {
        allowed(for: type)[0]
    }

    /// The times in force an order of `type` may have, its default first (the order the ticket
    /// offers them in).
    public static func allowed(for type: OrderType) -> [TimeInForce] {
        switch type {
        case .market: [.ioc, .fok]
        case .limit: [.gtc, .day, .ioc, .fok]
        case .stop, .stopLimit, .trailingStop: [.gtc, .day]
        }
    }
}
