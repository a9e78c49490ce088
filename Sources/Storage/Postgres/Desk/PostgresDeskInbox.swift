import BourseCore
import Foundation
import Logging
internal import PostgresNIO

/// The desk's inbox in PostgreSQL (`desk_request`, SPEC §15). Its statements take no write lock:
/// each is one row's insert, update or delete, and the desk (one at a time) alone takes and
/// answers requests.
///
/// Its transactions commit without waiting for the server's disk (`synchronous_commit = off`):
/// nothing is acknowledged on them. An order is acknowledged only after the desk's commit that
/// stores it, which waits for the disk, and the write-ahead log is flushed in order, so that
/// commit makes the request's row (written before it) durable too. A crash of the server can
/// only lose requests nobody was answered for, whose posters then get no answer and a 503.
public struct PostgresDeskInbox: DeskInbox {
    let database: PostgreSQLDatabase
    let now: @Sendable () -> Date

    public init(database: PostgreSQLDatabase, now: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.now = now
    }

    public func post(_ posted: PostedRequest, by instance: String) async throws {
        let (kind, body) = posted.request.stored
        try await transaction("post an order to the desk") { connection, logger in
            try await connection.run(
                """
                INSERT INTO desk_request (ticket, account_id, kind, body, posted_at, posted_by)
                VALUES (\(posted.ticket.rawValue), \(posted.account.rawValue), \(kind), \(body),
                    \(now().timeIntervalSince1970), \(instance))
                """, logger: logger)
            try await PostgresDeskLink.notify(.inbox, on: connection, logger: logger)
        }
    }

    public func answer(_ ticket: DeskTicket) async throws -> DeskAnswer? {
        try await database.read("read the desk's answer") { connection in
            let row = try await connection.row(
                "SELECT order_id, refusal FROM desk_request WHERE ticket = \(ticket.rawValue)", logger: database.logger)
            guard let row else { return DeskAnswer?.none }
            if let orderID = try row.optionalText("order_id") { return .order(id: orderID) }
            return try row.optionalText("refusal").map { .refused(DeskRefusal(stored: $0)) }
        }
    }

    public func withdraw(_ ticket: DeskTicket) async throws -> Bool {
        try await transaction("withdraw an order") { connection, logger in
            try await connection.run(
                """
                DELETE FROM desk_request WHERE ticket = \(ticket.rawValue) AND taken_by IS NULL
                    AND order_id IS NULL AND refusal IS NULL RETURNING 1
                """, logger: logger) == 1
        }
    }

    public func forget(_ ticket: DeskTicket) async throws {
        try await transaction("forget an answered order") { connection, logger in
            try await connection.run("DELETE FROM desk_request WHERE ticket = \(ticket.rawValue)", logger: logger)
        }
    }

    public func take(by taker: String) async throws -> [PostedRequest] {
        let rows = try await transaction("take the posted orders") { connection, logger in
            try await connection.rows(
                """
                UPDATE desk_request SET taken_by = \(taker)
                WHERE order_id IS NULL AND refusal IS NULL AND taken_by IS DISTINCT FROM \(taker)
                RETURNING ticket, account_id, kind, body, "row"
                """, logger: logger)
        }
        var taken: [(row: Int64, request: PostedRequest)] = []
        for row in rows {
            let ticket = try row.text("ticket"), account = try row.int("account_id"), number = try row.int("row")
            let kind = try row.text("kind"), body = try row.text("body")
            guard let request = DeskRequest(kind: kind, body: body) else {
                // Only Bourse writes the inbox; a row it cannot read is answered, not retried forever.
                try await refuse(DeskTicket(ticket), .notSaved)
                continue
            }
            taken.append((number, PostedRequest(ticket: DeskTicket(ticket), account: AccountID(account), request: request)))
        }
        return taken.sorted { $0.row < $1.row }.map(\.request)
    }

    public func refuse(_ ticket: DeskTicket, _ refusal: DeskRefusal) async throws {
        try await transaction("answer a posted order") { connection, logger in
            try await connection.run(
                "UPDATE desk_request SET refusal = \(refusal.stored) WHERE ticket = \(ticket.rawValue)", logger: logger)
            try await PostgresDeskLink.notify(.answered(ticket), on: connection, logger: logger)
        }
    }

    public func release(_ ticket: DeskTicket) async throws {
        try await transaction("hand back a posted order") { connection, logger in
            try await connection.run(
                """
                UPDATE desk_request SET taken_by = NULL
                WHERE ticket = \(ticket.rawValue) AND order_id IS NULL AND refusal IS NULL
                """, logger: logger)
        }
    }

    /// One transaction without the write lock.
    private func transaction<T: Sendable>(
        _ operation: String, _ body: (PostgresConnection, Logger) async throws -> T
    ) async throws(StorageError) -> T {
        let logger = database.logger
        return try await database.transactionWithoutDiskWait(operation) { connection in
            try await body(connection, logger)
        }
    }
}

extension DeskRequest {
    /// The inbox's `kind` and `body`: the order as the API takes it, or the id to cancel.
    var stored: (kind: String, body: String) {
        switch self {
        case .place(let request): ("place", request.jsonText)
        case .cancel(let orderID): ("cancel", orderID)
        }
    }

    init?(kind: String, body: String) {
        switch kind {
        case "place":
            guard let json = try? JSONReader.parse(body), let request = try? OrderRequest.parse(json) else { return nil }
            self = .place(request)
        case "cancel":
            self = .cancel(orderID: body)
        default:
            return nil
        }
    }
}

extension DeskRefusal {
    /// The inbox's `refusal`: words separated by tabs.
    var stored: String {
        switch self {
        case .notFound(let id): "not_found\t\(id)"
        case .notOpen(let id, let status): "not_open\t\(id)\t\(status.rawValue)"
        case .notSaved: "not_saved"
        }
    }

    init(stored: String) {
        let parts = stored.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        switch parts.first {
        case "not_found" where parts.count == 2: self = .notFound(orderID: parts[1])
        case "not_open" where parts.count == 3:
            self = .notOpen(orderID: parts[1], status: OrderStatus(rawValue: parts[2]) ?? .cancelled)
        default: self = .notSaved
        }
    }
}
