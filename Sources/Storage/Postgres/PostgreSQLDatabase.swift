import Foundation
public import Logging
internal import NIOCore
internal import PostgresNIO

/// Bourse's PostgreSQL database (SPEC §15): a pool of connections to one database that several
/// `bourse serve` instances share, migrated to the current schema on open.
///
/// Every write transaction takes one transaction-level advisory lock first (`writeLock`), so the
/// writers of every instance take turns as SQLite's do: a change that reads and then writes (an
/// alert list, a watchlist, an invitation taken) sees everything committed before it. Reads take
/// no lock. Commits wait for the server's `fsync` (PostgreSQL's default), so whatever a caller
/// was told is stored survives the death of any instance.
public final class PostgreSQLDatabase: Sendable {
    public let url: DatabaseURL
    let client: PostgresClient
    let logger: Logger
    private let running: Task<Void, Never>

    /// The advisory locks' keys (one 64-bit space per database): Bourse's, so that another
    /// program on the same database does not meet them by chance.
    enum LockKey: Int64 {
        case migrations = 0x426F_7572_7365_0001
        case writes = 0x426F_7572_7365_0002
        /// Held, on a connection of its own, by the instance that runs the desk (SPEC §15).
        case desk = 0x426F_7572_7365_0003
    }

    private init(url: DatabaseURL, logger: Logger) {
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: Self.tls(url.tls))
        configuration.options.connectTimeout = .seconds(5)
        configuration.options.maximumConnections = 16
        self.url = url
        self.logger = logger
        // The pool's own notes (each failed connection, at info) only at warning and above: a
        // server that cannot be reached is one error, from `open` or the store that asked.
        var background = logger
        background.logLevel = max(logger.logLevel, .warning)
        let client = PostgresClient(configuration: configuration, backgroundLogger: background)
        self.client = client
        running = Task { await client.run() }
    }

    /// Connects to `url` and migrates the database; throws `cannotOpen` (with the URL, never its
    /// password) when the server cannot be reached within a few seconds or refuses. Without a
    /// `logger`, nothing is logged (a command's output stays its answer).
    public static func open(_ url: DatabaseURL, logger: Logger? = nil) async throws(StorageError) -> PostgreSQLDatabase {
        try await open(url, migratedThrough: nil, logger: logger)
    }

    /// Opens `url` migrated through the migration named `lastMigration` (all when nil): tests
    /// build older schemas with it.
    static func open(
        _ url: DatabaseURL, migratedThrough lastMigration: String?, logger: Logger?
    )
        async throws(StorageError) -> PostgreSQLDatabase
    {
        let quiet = Logger(label: "bourse.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        let database = PostgreSQLDatabase(url: url, logger: logger ?? quiet)
        do {
            // The pool tries again and again to connect: a server that cannot be reached is an
            // error after 10 s. The migrations then take what they take (a busy server, many).
            try await withTimeout(seconds: 10) {
                try await database.client.withConnection { _ in }
            }
            try await PostgresMigrator.migrate(database, through: lastMigration)
        } catch {
            await database.close()
            throw .cannotOpen(path: url.description, reason: StorageError.reason(error))
        }
        return database
    }

    /// Closes every connection; any use after it fails.
    public func close() async {
        running.cancel()
        await running.value
    }

    /// One write transaction, after the write lock; rolled back when `body` throws.
    func write<T: Sendable>(
        _ operation: String, _ body: (PostgresConnection) async throws -> T
    )
        async throws(StorageError) -> T
    {
        try await attempt(operation) {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(LockKey.writes.rawValue))", logger: logger)
                return try await body(connection)
            }
        }
    }

    /// One statement in its own write transaction; how many rows it returned (with `RETURNING 1`,
    /// how many it changed).
    @discardableResult
    func write(_ operation: String, _ query: PostgresQuery) async throws(StorageError) -> Int {
        let logger = logger
        return try await write(operation) { connection in try await connection.run(query, logger: logger) }
    }

    /// One read; several statements read one snapshot (REPEATABLE READ, read only).
    func read<T: Sendable>(
        _ operation: String, _ body: (PostgresConnection) async throws -> T
    )
        async throws(StorageError) -> T
    {
        try await attempt(operation) {
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
                return try await body(connection)
            }
        }
    }

    private static func tls(_ mode: DatabaseURL.TLSMode) -> PostgresClient.Configuration.TLS {
        switch mode {
        case .disable: return .disable
        case .prefer: return .prefer(.makeClientConfiguration())
        case .require: return .require(.makeClientConfiguration())
        }
    }
}

extension PostgresConnection {
    /// Every row of `query`, read whole.
    func rows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRandomAccessRow] {
        var rows: [PostgresRandomAccessRow] = []
        for try await row in try await self.query(query, logger: logger) {
            rows.append(row.makeRandomAccess())
        }
        return rows
    }

    /// The first row of `query`, or nil.
    func row(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRandomAccessRow? {
        try await rows(query, logger: logger).first
    }

    /// Runs `query` (one with `RETURNING 1` when the count matters); how many rows it returned.
    @discardableResult
    func run(_ query: PostgresQuery, logger: Logger) async throws -> Int {
        try await rows(query, logger: logger).count
    }
}

/// `body`, or `StorageError.failed` "timed out" once `seconds` pass.
private func withTimeout<T: Sendable>(seconds: Int, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw StorageError.failed(operation: "connect", reason: "no answer within \(seconds) s")
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
