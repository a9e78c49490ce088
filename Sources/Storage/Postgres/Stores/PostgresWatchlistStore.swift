import BourseCore
import Foundation
internal import PostgresNIO

/// Each account's list of stocks in PostgreSQL (`watchlist`), one row a stock with its place.
public struct PostgresWatchlistStore: WatchlistStore {
    private let database: PostgreSQLDatabase

    public init(database: PostgreSQLDatabase) {
        self.database = database
    }

    public func symbols(of account: AccountID) async throws -> [String] {
        let logger = database.logger
        return try await database.read("read the list of stocks") { connection in
            try await Self.symbols(connection, account, logger)
        }
    }

    public func update(
        of account: AccountID, _ change: @escaping WatchlistChange
    ) async throws -> Result<[String], WatchlistError> {
        let logger = database.logger
        return try await database.write("change the list of stocks") { connection in
            let current = try await Self.symbols(connection, account, logger)
            let result = change(current)
            guard case .success(let symbols) = result, symbols != current else { return result }
            try await connection.run("DELETE FROM watchlist WHERE account_id = \(account.rawValue)", logger: logger)
            for (position, symbol) in symbols.enumerated() {
                try await connection.run(
                    "INSERT INTO watchlist (account_id, symbol, position) VALUES (\(account.rawValue), \(symbol), \(position))",
                    logger: logger)
            }
            return result
        }
    }

    public func everyonesSymbols() async throws -> [String] {
        let logger = database.logger
        return try await database.read("read the lists of stocks") { connection in
            try await connection.rows("SELECT DISTINCT symbol FROM watchlist ORDER BY symbol", logger: logger)
                .map { try $0.text("symbol") }
        }
    }

    private static func symbols(
        _ connection: PostgresConnection, _ account: AccountID, _ logger: Logger
    ) async throws
        -> [String]
    {
        try await connection.rows(
            "SELECT symbol FROM watchlist WHERE account_id = \(account.rawValue) ORDER BY position", logger: logger
        ).map { try $0.text("symbol") }
    }
}
