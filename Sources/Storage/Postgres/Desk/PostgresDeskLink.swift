import BourseCore
import Foundation
import Logging
internal import NIOCore
internal import PostgresNIO
import Synchronization

/// The instances' link on PostgreSQL (SPEC §15): the desk is a session advisory lock held on a
/// connection of its own, which the server ends with that connection (a `kill -9` included);
/// signals are `NOTIFY`s on one channel, heard by a `LISTEN` on another connection of its own.
///
/// A notification carries at most 8,000 bytes: an update longer than `inlineLimit` is stored in
/// `desk_update` and its number sent instead; a listener reads it back before yielding it.
public struct PostgresDeskLink: DeskLink {
    static let channel = "bourse_desk"
    /// The longest update sent inline (the server's limit is 8,000 bytes, less the prefix).
    static let inlineLimit = 7_900
    /// The prefix of the desk's connection's `application_name`; the instance's name follows.
    static let holderPrefix = "bourse desk: "

    let database: PostgreSQLDatabase
    /// How often a lock that was taken is tried again, and the lease's connection checked.
    let retry: Duration

    public init(database: PostgreSQLDatabase, retry: Duration = .milliseconds(500)) {
        self.database = database
        self.retry = retry
    }

    public func acquireDesk(instance: String) async throws -> any DeskLease {
        let connection = try await database.dedicatedConnection(applicationName: Self.holderPrefix + instance)
        do {
            while true {
                let taken = try await connection.row(
                    "SELECT pg_try_advisory_lock(\(PostgreSQLDatabase.LockKey.desk.rawValue))::int AS taken",
                    logger: database.logger)
                if try taken?.int("taken") == 1 {
                    return PostgresDeskLease(connection: connection, check: retry, logger: database.logger)
                }
                try await Task.sleep(for: retry)
            }
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// In a transaction of its own that does not wait for the server's disk: a signal is not
    /// kept (a listener that was not there never hears it), and a transaction that notifies holds
    /// the server's one notification lock through its commit, so waiting for the disk there would
    /// make every instance's signals and the desk's answers wait in turn.
    public func send(_ signal: DeskSignal) async throws {
        let logger = database.logger
        try await database.transactionWithoutDiskWait("signal the instances") { connection in
            try await Self.notify(signal, on: connection, logger: logger)
        }
    }

    /// Sends `signal` on `connection`: inside a transaction, when it commits.
    static func notify(_ signal: DeskSignal, on connection: PostgresConnection, logger: Logger) async throws {
        var payload = signal.payload
        if payload.utf8.count > inlineLimit, case .update(let text) = signal {
            let row = try await connection.row(
                "INSERT INTO desk_update (body) VALUES (\(text)) RETURNING id", logger: logger)
            guard let id = try row?.int("id") else { return }
            // Listeners read an update within milliseconds; the last thousand are plenty.
            try await connection.run("DELETE FROM desk_update WHERE id < \(id - 1_000)", logger: logger)
            payload = "U\(id)"
        }
        try await connection.run("SELECT pg_notify(\(channel), \(payload))", logger: logger)
    }

    public func signals() -> AsyncThrowingStream<DeskSignal, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: DeskSignal.self)
        let database = database
        let listening = Task {
            do {
                let connection = try await database.dedicatedConnection(applicationName: "bourse signals")
                do {
                    try await connection.listen(on: Self.channel) { notifications in
                        for try await notification in notifications {
                            guard let signal = try await Self.signal(notification.payload, database: database) else {
                                continue
                            }
                            continuation.yield(signal)
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
                continuation.finish()
            } catch {
                continuation.finish(throwing: StorageError.failed(operation: "listen", reason: StorageError.reason(error)))
            }
        }
        continuation.onTermination = { _ in listening.cancel() }
        return stream
    }

    /// The signal a notification carries (a long update read back), or nil for one that is not
    /// Bourse's.
    static func signal(_ payload: String, database: PostgreSQLDatabase) async throws -> DeskSignal? {
        guard let kind = payload.first else { return nil }
        let rest = String(payload.dropFirst())
        switch kind {
        case "i": return .inbox
        case "p": return .pushQueued
        case "a": return .answered(DeskTicket(rest))
        case "u": return .update(rest)
        case "U":
            guard let id = Int64(rest) else { return nil }
            let body = try await database.read("read a desk update") { connection in
                try await connection.row("SELECT body FROM desk_update WHERE id = \(id)", logger: database.logger)?
                    .text("body")
            }
            return body.map(DeskSignal.update)
        default: return nil
        }
    }

    public func deskHolder() async throws -> String? {
        let key = PostgreSQLDatabase.LockKey.desk.rawValue
        // An advisory lock on a bigint shows its high half as classid and its low half as objid.
        let high = Int64(UInt64(bitPattern: key) >> 32), low = Int64(UInt64(bitPattern: key) & 0xFFFF_FFFF)
        let name = try await database.read("find the desk") { connection in
            try await connection.row(
                """
                SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                WHERE l.locktype = 'advisory' AND l.granted AND l.classid::bigint = \(high)
                    AND l.objid::bigint = \(low) AND l.objsubid = 1
                    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                """, logger: database.logger)?
                .text("application_name")
        }
        guard let name, name.hasPrefix(Self.holderPrefix) else { return nil }
        return String(name.dropFirst(Self.holderPrefix.count))
    }
}

extension DeskSignal {
    /// The notification's text: a letter for the kind, then what it carries.
    var payload: String {
        switch self {
        case .inbox: "i"
        case .pushQueued: "p"
        case .answered(let ticket): "a" + ticket.rawValue
        case .update(let text): "u" + text
        }
    }
}

/// The desk, held by a session advisory lock on `connection`: checked every `check`, lost when
/// the connection ends or a check does not come back within four times `check`. Nothing here
/// waits on the connection unbounded: a statement on a connection the server ended may never
/// return.
final class PostgresDeskLease: DeskLease {
    let connection: PostgresConnection
    let check: Duration
    let logger: Logger

    init(connection: PostgresConnection, check: Duration, logger: Logger) {
        self.connection = connection
        self.check = check
        self.logger = logger
    }

    func lost() async {
        while !Task.isCancelled {
            guard await answers("SELECT 1", within: check * 4) else { break }
            try? await Task.sleep(for: check)
        }
        closeInBackground()
    }

    func release() async {
        _ = await answers("SELECT pg_advisory_unlock(\(PostgreSQLDatabase.LockKey.desk.rawValue))", within: check * 4)
        closeInBackground()
    }

    /// Whether `statement` ran on the connection within `limit` (false at once if it closed).
    private func answers(_ statement: PostgresQuery, within limit: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let once = ResumeOnce(continuation)
            connection.closeFuture.whenComplete { _ in once.resume(false) }
            Task { [connection, logger] in
                once.resume((try? await connection.run(statement, logger: logger)) != nil)
            }
            Task {
                try? await Task.sleep(for: limit)
                once.resume(false)
            }
        }
    }

    private func closeInBackground() {
        Task { [connection] in try? await connection.close() }
    }
}

/// A continuation resumed by the first of several racers.
private final class ResumeOnce: Sendable {
    private let continuation: Mutex<CheckedContinuation<Bool, Never>?>

    init(_ continuation: CheckedContinuation<Bool, Never>) {
        self.continuation = Mutex(continuation)
    }

    func resume(_ value: Bool) {
        continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }?.resume(returning: value)
    }
}
