import Accounts
import BourseCore
import Foundation
import Storage
import TestSupport

/// A real database (a SQLite file, or a PostgreSQL database on the test cluster) and account
/// services over it (bcrypt at the lowest cost, so the tests are quick; the cost is not what they
/// test). Every test that takes a `kind` runs on both databases (SPEC §15).
struct AccountHarness {
    let database: TestDatabase
    let clock = TestNow(Date(timeIntervalSince1970: 1_800_000_000))

    init(_ kind: DatabaseKind) async throws {
        database = try await TestDatabase(kind)
    }

    func service(idle: TimeInterval = 3600) -> AccountService {
        AccountService(
            store: database.stores.accounts, hasher: PasswordHasher(cost: 4), settings: .init(sessionIdleTimeout: idle),
            now: clock.closure)
    }

    /// The same database opened again, as after a restart, or by a command in another process.
    func reopened(idle: TimeInterval = 3600) async throws -> AccountService {
        AccountService(
            store: try await database.reopen().accounts, hasher: PasswordHasher(cost: 4),
            settings: .init(sessionIdleTimeout: idle), now: clock.closure)
    }
}
