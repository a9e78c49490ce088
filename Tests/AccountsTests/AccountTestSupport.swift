import Accounts
import BourseCore
import Foundation
import Storage
import Synchronization

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { time.withLock { $0 } }

    func advance(_ seconds: TimeInterval) {
        time.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

/// A real database file in a folder of its own, and account services over it (bcrypt at the
/// lowest cost, so the tests are quick; the cost is not what they test).
struct AccountHarness {
    let folder: URL
    let database: BourseDatabase
    let clock = ManualClock()

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("accounts-\(UUID().uuidString)")
        database = try BourseDatabase(path: folder.appendingPathComponent("bourse.sqlite").path)
    }

    func service(idle: TimeInterval = 3600) -> AccountService {
        let clock = clock
        return AccountService(
            store: DatabaseAccountStore(database: database), hasher: PasswordHasher(cost: 4),
            settings: .init(sessionIdleTimeout: idle), now: { clock.now })
    }

    /// The same file opened again, as after a restart.
    func reopened(idle: TimeInterval = 3600) throws -> AccountService {
        let clock = clock
        let again = try BourseDatabase(path: folder.appendingPathComponent("bourse.sqlite").path)
        return AccountService(
            store: DatabaseAccountStore(database: again), hasher: PasswordHasher(cost: 4),
            settings: .init(sessionIdleTimeout: idle), now: { clock.now })
    }
}
