import BourseCore
import Foundation
import Storage

/// Which database a store test runs on: every store test runs on both (SPEC §15).
public enum DatabaseKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite, postgres
    public var description: String { rawValue }
}

/// A new, empty, migrated database of `kind` with its stores: a SQLite file in a folder of its
/// own, or a database of its own on the test cluster (`TestPostgres`). `reopen()` opens the same
/// database again, as the app after a restart; `close()` closes every store opened.
public final class TestDatabase: Sendable {
    public let kind: DatabaseKind
    public let location: DatabaseLocation
    public let stores: DatabaseStores
    private let opened: OpenedStores
    private let folder: TemporaryFolder?

    public init(_ kind: DatabaseKind) async throws {
        self.kind = kind
        switch kind {
        case .sqlite:
            let folder = try TemporaryFolder()
            self.folder = folder
            location = .sqlite(path: folder.file("bourse.sqlite").path)
        case .postgres:
            folder = nil
            location = .postgres(try await TestPostgres.newDatabase())
        }
        stores = try await DatabaseStores.open(location)
        opened = OpenedStores([stores])
    }

    /// The same database opened again.
    public func reopen() async throws -> DatabaseStores {
        let again = try await DatabaseStores.open(location)
        opened.append(again)
        return again
    }

    /// Closes every store this opened (a PostgreSQL pool holds connections until then).
    public func close() async {
        for stores in opened.all { try? await stores.close() }
    }

    /// Runs `body` on a new database of `kind`, closed after it whether it throws or not.
    public static func with<T>(_ kind: DatabaseKind, _ body: (TestDatabase) async throws -> T) async throws -> T {
        let database = try await TestDatabase(kind)
        do {
            let result = try await body(database)
            await database.close()
            return result
        } catch {
            await database.close()
            throw error
        }
    }

    /// Adds a member (or `role`) named `name`, as an accepted invitation does.
    public func addPerson(_ name: String, role: Role = .member) async throws -> AccountID {
        try await stores.accounts.addPerson(name, role: role)
    }
}

/// The stores a `TestDatabase` opened, to close.
private final class OpenedStores: @unchecked Sendable {
    private let lock = NSLock()
    private var stores: [DatabaseStores]
    init(_ stores: [DatabaseStores]) { self.stores = stores }
    var all: [DatabaseStores] { lock.withLock { stores } }
    func append(_ more: DatabaseStores) { lock.withLock { stores.append(more) } }
}
