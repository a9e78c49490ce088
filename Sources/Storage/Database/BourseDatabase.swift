import Foundation
internal import GRDB

/// Bourse's SQLite database: one file in WAL mode, migrated to the current schema on open.
///
/// Writes are committed with `synchronous = FULL`, so whatever a caller was told is stored
/// survives a crash or `kill -9` of the process. GRDB stays inside `Storage`: the stores are
/// the only way in.
public final class BourseDatabase: Sendable {
    /// The GRDB connection pool (WAL: readers never wait for the writer).
    let writer: any DatabaseWriter
    /// Where the file is, or nil for an in-memory database.
    public let path: String?

    /// Opens (creating if needed) the database file at `path` and migrates it.
    public convenience init(path: String) throws(StorageError) {
        try self.init(path: path, migratedThrough: nil)
    }

    /// Opens (creating if needed) the database file at `path`, migrated through the migration
    /// named `lastMigration` (all of them when nil): tests build older schemas with it.
    init(path: String, migratedThrough lastMigration: String?) throws(StorageError) {
        do {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            writer = try DatabasePool(path: path, configuration: Self.configuration())
            self.path = path
            if let lastMigration {
                try Self.migrator.migrate(writer, upTo: lastMigration)
            } else {
                try Self.migrator.migrate(writer)
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
    }

    /// An in-memory database, for tests and for one-off commands.
    public init() throws(StorageError) {
        do {
            writer = try DatabaseQueue(configuration: Self.configuration())
            path = nil
            try Self.migrator.migrate(writer)
        } catch {
            throw .cannotOpen(path: ":memory:", reason: "\(error)")
        }
    }

    /// Closes the database once everything written is committed; any use after it fails. The
    /// app calls it last on shutdown, after whatever writes has stopped.
    public func close() throws(StorageError) {
        do {
            try writer.close()
        } catch {
            throw .failed(operation: "close the database", reason: "\(error)")
        }
    }

    private static func configuration() -> Configuration {
        var configuration = Configuration()
        // Another connection to the file writing (a command beside the server, a second pool)
        // makes a write wait for it, up to 5 s, rather than fail at once with "database is locked".
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return configuration
    }

    /// The schema, one migration per change; never edit a shipped migration, add one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        Migrations.register(in: &migrator)
        return migrator
    }
}
