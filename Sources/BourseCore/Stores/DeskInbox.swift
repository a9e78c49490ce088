/// Where the instances of one database leave their orders and cancels for the desk, and find
/// its answers (SPEC §15). Every request is stored before the desk hears of it, so one posted
/// while no desk runs is kept, and taken by the next desk.
///
/// An order's answer is written in the commit that stores the order
/// (`OrderStore.save(orders:fills:trailMoves:answering:)`): a desk that dies before it leaves the request
/// unanswered and the order unwritten, and the next desk does it; one that dies after has
/// answered it. Refusals are written by `refuse`.
public protocol DeskInbox: Sendable {
    /// Stores `request` and tells the desk (`DeskSignal.inbox`).
    func post(_ request: PostedRequest, by instance: String) async throws
    /// The answer to `ticket`, or nil while there is none.
    func answer(_ ticket: DeskTicket) async throws -> DeskAnswer?
    /// Takes back a request no desk has taken: true when it was removed (nothing of it remains),
    /// false when a desk has it (or it is answered).
    func withdraw(_ ticket: DeskTicket) async throws -> Bool
    /// Removes an answered request (its poster has read the answer).
    func forget(_ ticket: DeskTicket) async throws

    /// For the desk: every request not answered yet and not taken by `taker` already, oldest
    /// first, marked taken by `taker`. Those another desk took and did not answer are among them
    /// (that desk is gone: only the one holding the desk's lock takes requests).
    func take(by taker: String) async throws -> [PostedRequest]
    /// For the desk: answers `ticket` with a refusal, and tells its poster.
    func refuse(_ ticket: DeskTicket, _ refusal: DeskRefusal) async throws
    /// For the desk: hands back a taken request it will not do (it is stopping), for the next.
    func release(_ ticket: DeskTicket) async throws
}
