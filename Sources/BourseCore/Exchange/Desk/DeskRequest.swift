import Foundation

/// A request to the desk, numbered by the instance that posts it (SPEC §15): the poster waits
/// for the answer under this number, and the desk marks it answered in the commit that carries
/// the order, so a request is done once, whichever desk does it.
public struct DeskTicket: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A new, unique number.
    public static func make() -> DeskTicket { DeskTicket(UUID().uuidString.lowercased()) }

    public var description: String { rawValue }
}

/// What an instance asks of the desk for one account.
public enum DeskRequest: Sendable, Equatable {
    case place(OrderRequest)
    case cancel(orderID: String)
}

/// A request in the desk's inbox: its ticket, whose it is and what it asks.
public struct PostedRequest: Sendable, Equatable {
    public let ticket: DeskTicket
    public let account: AccountID
    public let request: DeskRequest

    public init(ticket: DeskTicket, account: AccountID, request: DeskRequest) {
        self.ticket = ticket
        self.account = account
        self.request = request
    }
}

/// Why the desk did not do what a request asked.
public enum DeskRefusal: Sendable, Equatable {
    /// The account has no order with that id.
    case notFound(orderID: String)
    /// The order is final: it cannot be cancelled.
    case notOpen(orderID: String, status: OrderStatus)
    /// The desk could not commit it: nothing of it was kept.
    case notSaved
}

/// The desk's answer to a request: the order it placed or cancelled (read from the store, as
/// committed), or why not.
public enum DeskAnswer: Sendable, Equatable {
    case order(id: String)
    case refused(DeskRefusal)
}
