/// What the instances of one database say to each other (SPEC §15; PostgreSQL's LISTEN/NOTIFY).
public enum DeskSignal: Sendable, Equatable {
    /// A request waits in the inbox: for the desk.
    case inbox
    /// The request `ticket` is answered: for its poster.
    case answered(DeskTicket)
    /// An update from the desk (a tick, a feed state, an order event), in its wire form: for
    /// every instance's screens.
    case update(String)
    /// A push was queued (a notice posted on any instance): for the desk, which delivers them.
    case pushQueued
}

/// The link between the instances of one database (SPEC §15): one of them holds the desk, by a
/// lock on a connection of its own, and all of them hear each other's signals.
public protocol DeskLink: Sendable {
    /// Waits until this instance holds the desk (trying every `DeskLinkTiming.retry`), then
    /// returns the lease; cancelling the task stops the wait.
    func acquireDesk(instance: String) async throws -> any DeskLease
    /// Sends `signal` to every instance, this one included, in the order sent.
    func send(_ signal: DeskSignal) async throws
    /// Every signal from now on. The stream ends (or throws) when the connection it listens on
    /// is lost: signals may have been missed, and the caller reads what it waits for again.
    func signals() -> AsyncThrowingStream<DeskSignal, any Error>
    /// The instance holding the desk now, or nil while none does.
    func deskHolder() async throws -> String?
}

/// The desk, held: it stays held while its connection lives.
public protocol DeskLease: Sendable {
    /// Returns once the lease is lost (its connection ended), or released.
    func lost() async
    /// Gives the desk up for another instance to take.
    func release() async
}
