import Foundation
internal import GRDB
internal import NIOCore
internal import PostgresNIO

/// `bourse database copy --from FILE --to URL` (SPEC §15): every row of a SQLite database into a
/// new PostgreSQL database, in one transaction, then read back and checked row by row against
/// the file before it commits: all of it is there, the same, or none of it.
///
/// The PostgreSQL database must be new (migrated, with nothing in it but the owner's empty
/// account that every database starts with). The SQLite file is only read. Ids are kept, and each
/// identity goes on after the highest id the file ever used (SQLite's `sqlite_sequence`), so no
/// removed row's id comes back.
public enum DatabaseCopy {
    /// How many rows each table held, in the order they were copied.
    public struct Report: Sendable, Equatable {
        public let tables: [TableCount]
        public var rows: Int { tables.reduce(0) { $0 + $1.rows } }
    }

    public struct TableCount: Sendable, Equatable {
        public let table: String
        public let rows: Int
    }

    /// Every table of the schema, parents before children (foreign keys), with its primary key.
    static let tables: [(name: String, key: [String])] = [
        ("account", ["id"]), ("invitation", ["token_hash"]), ("session", ["id_hash"]), ("api_token", ["id"]),
        ("saved_answer", ["key"]), ("watchlist", ["account_id", "symbol"]), ("price_alert", ["id"]), ("push_key", ["id"]),
        ("push_subscription", ["id"]), ("push_setting", ["account_id", "kind"]), ("notice", ["id"]),
        ("push_delivery", ["id"]), ("exchange_order", ["row"]), ("exchange_fill", ["id"]), ("server_setting", ["key"]),
        ("exchange_trail_move", ["seq"]),
    ]

    /// Tables whose rows matter for a minute only: the sends to the sources (`SendLedger`), and
    /// the desk's inbox and long updates (SPEC §15; a SQLite file's are empty).
    static let notCopied: Set<String> = ["source_send", "desk_request", "desk_update"]

    /// The identity columns, whose sequences go on after the copy.
    static let identities: [(table: String, column: String)] = [
        ("account", "id"), ("api_token", "id"), ("price_alert", "id"), ("push_subscription", "id"), ("notice", "id"),
        ("push_delivery", "id"), ("exchange_order", "row"), ("exchange_fill", "id"), ("exchange_trail_move", "seq"),
    ]

    public static func copy(from source: BourseDatabase, to target: PostgreSQLDatabase) async throws(StorageError) -> Report {
        let (rows, sequences) = try await read(source)
        let logger = target.logger
        return try await target.write("copy the database") { connection in
            let types = try await columnTypes(connection, logger)
            try await requireNew(connection, logger)
            try await connection.run("DELETE FROM account", logger: logger)
            var counts: [TableCount] = []
            for (table, _) in tables {
                let tableRows = rows[table] ?? []
                try await insert(tableRows, into: table, types: types[table] ?? [:], connection, logger)
                counts.append(TableCount(table: table, rows: tableRows.count))
            }
            for (table, column) in identities {
                let highest = max(sequences[table] ?? 0, try await maximum(column, of: table, connection, logger))
                guard highest > 0 else { continue }
                try await connection.run(
                    "SELECT setval(pg_get_serial_sequence(\(table), \(column)), \(highest))", logger: logger)
            }
            for (table, key) in tables {
                try await check(table, key: key, expected: rows[table] ?? [], types: types[table] ?? [:], connection, logger)
            }
            return Report(tables: counts)
        }
    }

    /// Every table's rows and `sqlite_sequence`, read at one moment.
    private static func read(
        _ source: BourseDatabase
    ) async throws(StorageError)
        -> (rows: [String: [[String: CopiedValue]]], sequences: [String: Int64])
    {
        try await attempt("read the SQLite database") {
            try await source.writer.read { db in
                let present = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
                    .subtracting(["sqlite_sequence", "grdb_migrations"]).subtracting(notCopied)
                let known = Set(tables.map(\.name))
                guard present == known else {
                    throw StorageError.failed(
                        operation: "copy the database",
                        reason: "the file's tables (\(present.sorted().joined(separator: ", "))) are not this Bourse's "
                            + "(\(known.sorted().joined(separator: ", "))): open it with this Bourse once to migrate it")
                }
                var rows: [String: [[String: CopiedValue]]] = [:]
                for (table, _) in tables {
                    rows[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map { row in
                        var values: [String: CopiedValue] = [:]
                        for column in row.columnNames { values[column] = value(row[column] as DatabaseValue) }
                        return values
                    }
                }
                var sequences: [String: Int64] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT name, seq FROM sqlite_sequence") {
                    sequences[row["name"]] = row["seq"]
                }
                return (rows, sequences)
            }
        }
    }

    private static func value(_ value: DatabaseValue) -> CopiedValue {
        switch value.storage {
        case .null: return .null
        case .int64(let integer): return .integer(integer)
        case .double(let real): return .real(real)
        case .string(let text): return .text(text)
        case .blob(let data): return .bytes(Array(data))
        }
    }

    /// Each table's columns and their types in the PostgreSQL schema.
    private static func columnTypes(
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws
        -> [String: [String: ColumnType]]
    {
        var types: [String: [String: ColumnType]] = [:]
        let rows = try await connection.rows(
            """
            SELECT table_name, column_name, data_type FROM information_schema.columns
            WHERE table_schema = current_schema()
            """, logger: logger)
        for row in rows {
            let typeName = try row.text("data_type")
            guard let type = ColumnType(rawValue: typeName) else {
                throw StorageError.failed(operation: "copy the database", reason: "a column of type \(typeName)")
            }
            types[try row.text("table_name"), default: [:]][try row.text("column_name")] = type
        }
        return types
    }

    /// Refuses a database that holds anything but what a new one starts with.
    private static func requireNew(_ connection: PostgresConnection, _ logger: Logger) async throws {
        for (table, _) in tables {
            let rows =
                try await connection.row(
                    PostgresQuery(unsafeSQL: "SELECT COUNT(*) AS n FROM \(table)"), logger: logger)?.int("n") ?? 0
            // A new database has one row: the owner's account, with no password yet.
            let fresh: Bool
            switch (table, rows) {
            case (_, 0): fresh = true
            case ("account", 1): fresh = try await ownerIsUntouched(connection, logger)
            default: fresh = false
            }
            if !fresh {
                throw StorageError.failed(
                    operation: "copy the database",
                    reason: "the PostgreSQL database already holds data (\(table) has \(rows) rows): copy into a new database")
            }
        }
    }

    private static func ownerIsUntouched(_ connection: PostgresConnection, _ logger: Logger) async throws -> Bool {
        try await connection.row(
            "SELECT 1 AS fresh FROM account WHERE id = 1 AND password_hash IS NULL AND name = 'owner'", logger: logger) != nil
    }

    /// `rows` into `table`, many to a statement (PostgreSQL takes at most 65,535 values in one).
    private static func insert(
        _ rows: [[String: CopiedValue]], into table: String, types: [String: ColumnType], _ connection: PostgresConnection,
        _ logger: Logger
    ) async throws {
        guard let first = rows.first else { return }
        let columns = first.keys.sorted()
        for column in columns where types[column] == nil {
            throw StorageError.failed(
                operation: "copy the database", reason: "\(table).\(column) is not in the PostgreSQL schema")
        }
        let perStatement = max(1, 30_000 / columns.count)
        let names = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        var start = 0
        while start < rows.count {
            let batch = rows[start..<min(rows.count, start + perStatement)]
            var binds = PostgresBindings(capacity: batch.count * columns.count)
            var tuples: [String] = []
            for row in batch {
                var placeholders: [String] = []
                for column in columns {
                    let value = try (row[column] ?? .null).converted(to: types[column]!)
                    try bind(value, to: &binds)
                    placeholders.append("$\(binds.count)")
                }
                tuples.append("(" + placeholders.joined(separator: ", ") + ")")
            }
            let sql = "INSERT INTO \(table) (\(names)) VALUES " + tuples.joined(separator: ", ")
            try await connection.run(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
            start += batch.count
        }
    }

    private static func bind(_ value: CopiedValue, to binds: inout PostgresBindings) throws {
        switch value {
        case .null: binds.appendNull()
        case .integer(let integer): try binds.append(integer)
        case .real(let real): try binds.append(real)
        case .text(let text): try binds.append(text)
        case .bytes(let bytes): try binds.append(ByteBuffer(bytes: bytes))
        }
    }

    private static func maximum(
        _ column: String, of table: String, _ connection: PostgresConnection, _ logger: Logger
    )
        async throws -> Int64
    {
        try await connection.row(
            PostgresQuery(unsafeSQL: "SELECT COALESCE(MAX(\"\(column)\"), 0) AS highest FROM \(table)"), logger: logger
        )?.int("highest") ?? 0
    }

    /// Reads `table` back and compares it with the file's rows, by primary key, column by column.
    /// An error names the table and the column, never a value (a key may be a token's hash).
    private static func check(
        _ table: String, key: [String], expected: [[String: CopiedValue]], types: [String: ColumnType],
        _ connection: PostgresConnection, _ logger: Logger
    ) async throws {
        func keyOf(_ row: [String: CopiedValue]) -> String { key.map { (row[$0] ?? .null).keyText }.joined(separator: ", ") }
        var wanted: [String: [String: CopiedValue]] = [:]
        for row in expected {
            var converted: [String: CopiedValue] = [:]
            for (column, value) in row { converted[column] = try value.converted(to: types[column]!) }
            wanted[keyOf(converted)] = converted
        }
        let stored = try await connection.rows(PostgresQuery(unsafeSQL: "SELECT * FROM \(table)"), logger: logger)
        guard stored.count == expected.count else {
            throw StorageError.failed(
                operation: "check the copy", reason: "\(table) has \(stored.count) rows, the file \(expected.count)")
        }
        for row in stored {
            var values: [String: CopiedValue] = [:]
            for cell in row { values[cell.columnName] = try value(cell, types[cell.columnName]) }
            guard let want = wanted[keyOf(values)] else {
                throw StorageError.failed(operation: "check the copy", reason: "\(table) has a row the file does not")
            }
            for (column, value) in want where values[column] != value {
                throw StorageError.failed(
                    operation: "check the copy", reason: "\(table).\(column) differs from the file in one of its rows")
            }
        }
    }

    private static func value(_ cell: PostgresCell, _ type: ColumnType?) throws -> CopiedValue {
        guard cell.bytes != nil else { return .null }
        switch type {
        case .integer: return .integer(try cell.decode(Int64.self, context: .default))
        case .real: return .real(try cell.decode(Double.self, context: .default))
        case .text: return .text(try cell.decode(String.self, context: .default))
        case .bytes: return .bytes(Array(try cell.decode(ByteBuffer.self, context: .default).readableBytesView))
        case nil: throw StorageError.failed(operation: "check the copy", reason: "column \(cell.columnName) is unknown")
        }
    }
}
