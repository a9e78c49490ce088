import BourseCore
import Foundation
internal import GRDB

/// The user's list of stocks in the database, one row a stock with its place in the list.
public struct DatabaseWatchlistStore: WatchlistStore {
    private let database: BourseDatabase

    public init(database: BourseDatabase) {
        self.database = database
    }

    public func symbols() async throws -> [String] {
        try await attempt("read the list of stocks") {
            try await database.writer.read { db in
                try String.fetchAll(db, sql: "SELECT symbol FROM watchlist ORDER BY position")
            }
        }
    }

    public func update(_ change: @escaping WatchlistChange) async throws -> Result<[String], WatchlistError> {
        try await attempt("change the list of stocks") {
            try await database.writer.write { db in
                let current = try String.fetchAll(db, sql: "SELECT symbol FROM watchlist ORDER BY position")
                let result = change(current)
                guard case .success(let symbols) = result, symbols != current else { return result }
                try db.execute(sql: "DELETE FROM watchlist")
                let insert = try db.cachedStatement(sql: "INSERT INTO watchlist (symbol, position) VALUES (?, ?)")
                for (position, symbol) in symbols.enumerated() {
                    try insert.execute(arguments: [symbol, position])
                }
                return result
            }
        }
    }
}
