internal import PostgresNIO

/// Runs one database operation, turning whatever GRDB or postgres-nio throws into
/// `StorageError.failed` with the operation's name (the stores' errors never carry either's types
/// out of `Storage`).
func attempt<T>(_ operation: String, _ body: () async throws -> T) async throws(StorageError) -> T {
    do {
        return try await body()
    } catch let error as StorageError {
        throw error
    } catch {
        throw StorageError.failed(operation: operation, reason: StorageError.reason(error))
    }
}

extension StorageError {
    /// What went wrong, in words fit for a log line. PostgreSQL's errors say only the server's
    /// message and SQLSTATE (or what failed on the way there), never the query or its values:
    /// those can hold a password hash or a token's.
    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as StorageError:
            return error.description
        case let error as PSQLError:
            if let message = error.serverInfo?[.message] {
                return "\(message) (SQLSTATE \(error.serverInfo?[.sqlState] ?? "?"))"
            }
            if let underlying = error.underlying { return "\(error.code): \(underlying)" }
            return "\(error.code)"
        case let error as PostgresTransactionError:
            return reason(error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError ?? error)
        default:
            return "\(error)"
        }
    }
}
