import BourseCore
import Foundation
internal import GRDB

/// Each account's list of stocks in the database, one row a stock with its place in the list.
public struct DatabaseWatchlistStore: WatchlistStore {
    private let database: BourseDatabase

    public init(database: BourseDatabase) {
        self.database = database
    }

    public func symbols(of account: AccountID) async throws -> [String] {
        try await attempt("read the list of stocks") {
            try await database.writer.read { db in try Self.symbols(db, account) }
        }
    }

    public func update(
        of account: AccountID, _ change: @escaping WatchlistChange
    ) async throws -> Result<[String], WatchlistError> {
        try await attempt("change the list of stocks") {
            try await database.writer.write { db in
                let current = try Self.symbols(db, account)
                let result = change(current)
                guard case .success(let symbols) = result, symbols != current else { return result }
                try db.execute(sql: "DELETE FROM watchlist WHERE account_id = ?", arguments: [account.rawValue])
                let insert = try db.cachedStatement(
                    sql: "INSERT INTO watchlist (account_id, symbol, position) VALUES (?, ?, ?)")
                for (position, symbol) in symbols.enumerated() {
                    try insert.execute(arguments: [account.rawValue, symbol, position])
                }
                return result
            }
        }
    }

    public func everyonesSymbols() async throws -> [String] {
        try await attempt("read the lists of stocks") {
            try await database.writer.read { db in
                try String.fetchAll(db, sql: "SELECT DISTINCT symbol FROM watchlist ORDER BY symbol")
            }
        }
    }

    private static func symbols(_ db: Database, _ account: AccountID) throws -> [String] {
        try String.fetchAll(
            db, sql: "SELECT symbol FROM watchlist WHERE account_id = ? ORDER BY position", arguments: [account.rawValue])
    }
}
