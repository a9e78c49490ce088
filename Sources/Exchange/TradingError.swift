/// Why the desk could not do what was asked. The web app answers each with 503: the order was
/// not taken, and trying again later is the right thing to do.
public enum TradingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The commit failed: nothing of the order (or of anything decided with it) was kept, and the
    /// engine went back to what the database holds.
    case notSaved
    /// The desk is shutting down: it takes no new orders or cancels.
    case shuttingDown
    /// No instance runs the desk (SPEC §15), and none took the request in time: it was taken
    /// back, and nothing was placed or cancelled.
    case noDesk
    /// A desk took the request and did not answer in time: it may yet be done.
    case unanswered

    public var description: String {
        switch self {
        case .notSaved:
            return
                "the order book could not be saved to the database; nothing was changed. Try again; the server log has the details"
        case .shuttingDown:
            return
                "the exchange is shutting down and takes no more orders; nothing was changed. Try again once the server is back"
        case .noDesk:
            return "no instance is running the exchange just now; nothing was changed. Try again in a few seconds"
        case .unanswered:
            return
                "the exchange took the request but has not answered yet; look at your orders before you try again"
        }
    }
}
