import Accounts
import BourseCore
import Foundation
import Storage
import TestSupport

/// A real database file in a folder of its own, and account services over it (bcrypt at the
/// lowest cost, so the tests are quick; the cost is not what they test).
struct AccountHarness {
    let path: String
    let database: BourseDatabase
    let clock = TestNow(Date(timeIntervalSince1970: 1_800_000_000))

    /// The file's folder is left in place: a service may outlive the harness that made it
    /// (`AccountHarness().service()`), so the file must not go with the harness.
    init() throws {
        path = TemporaryDatabase.newPath().path
        database = try BourseDatabase(path: path)
    }

    func service(idle: TimeInterval = 3600) -> AccountService {
        return AccountService(
            store: DatabaseAccountStore(database: database), hasher: PasswordHasher(cost: 4),
            settings: .init(sessionIdleTimeout: idle), now: clock.closure)
    }

    /// The same file opened again, as after a restart.
    func reopened(idle: TimeInterval = 3600) throws -> AccountService {
        let again = try BourseDatabase(path: path)
        return AccountService(
            store: DatabaseAccountStore(database: again), hasher: PasswordHasher(cost: 4),
            settings: .init(sessionIdleTimeout: idle), now: clock.closure)
    }
}
