import BourseCore
import Foundation
import Storage

/// The database a command reads or changes (`--database PATH`, or `--database-url URL` for
/// PostgreSQL), opened for the command and closed after it.
enum CommandDatabase {
    /// `body` on `location`'s stores, closed after it. A SQLite file that is not there is one line
    /// and exit 64 unless `creating` (a command that writes makes it); a database that cannot be
    /// opened or reached is exit 2.
    static func with<T>(
        _ location: DatabaseLocation, creating: Bool, _ body: (DatabaseStores) async -> Result<T, CommandFailure>
    ) async -> Result<T, CommandFailure> {
        if case .sqlite(let path) = location, !creating, !FileManager.default.fileExists(atPath: path) {
            return .failure(
                CommandFailure(
                    message: "no database at \(path): start the app once (bourse serve) or pass --database", exitCode: 64))
        }
        let stores: DatabaseStores
        do {
            stores = try await DatabaseStores.open(location)
        } catch {
            return .failure(CommandFailure(message: error.description, exitCode: 2))
        }
        let result = await body(stores)
        try? await stores.close()
        return result
    }

    /// `with`, for the account `user` names (the owner's when nil): a name no one has is one line
    /// and exit 1 (`AccountAdmin.account`).
    static func with<T>(
        _ location: DatabaseLocation, user: String?, creating: Bool,
        _ body: (DatabaseStores, AccountID) async -> Result<T, CommandFailure>
    ) async -> Result<T, CommandFailure> {
        await with(location, creating: creating) { stores in
            switch await AccountAdmin.account(user, in: stores) {
            case .success(let account): return await body(stores, account)
            case .failure(let failure): return .failure(failure)
            }
        }
    }
}
