/// One line of a replay's orders script: an order to place or an order to cancel, and the feed
/// `seq` after which it applies.
public struct ReplayEntry: Sendable, Hashable {
    public enum Action: Sendable, Hashable {
        /// `{"id":"o1","atSeq":3,"side":"buy","type":"limit","quantity":100,"price":"101.20"}`
        case submit(id: String, request: OrderRequest)
        /// `{"cancel":"o1","atSeq":7}`
        case cancel(id: String)
    }

    /// The line in the script, from 1.
    public let line: Int
    /// The entry applies once the last tick with `seq <= atSeq` has replaced the book, before
    /// the next tick; 0 (or any seq before the first tick's) applies before any tick.
    public let atSeq: Int64
    public let action: Action

    public init(line: Int, atSeq: Int64, action: Action) {
        self.line = line
        self.atSeq = atSeq
        self.action = action
    }
}
