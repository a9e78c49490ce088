import BourseCore
import Foundation
import Storage
import TestSupport
import Testing

@Suite("Watchlist store")
struct DatabaseWatchlistStoreTests {
    static func path() -> String {
        TemporaryDatabase.newPath().path
    }

    @Test func theListKeepsItsOrderAcrossARestart() async throws {
        let path = Self.path()
        let store = DatabaseWatchlistStore(database: try BourseDatabase(path: path))
        _ = try await store.update(of: .owner) { Watchlist.adding("MSFT", to: $0) }.get()
        _ = try await store.update(of: .owner) { Watchlist.adding("AAPL", to: $0) }.get()
        _ = try await store.update(of: .owner) { _ in Watchlist.checked(["AAPL", "KO", "MSFT"]) }.get()
        let again = DatabaseWatchlistStore(database: try BourseDatabase(path: path))
        #expect(try await again.symbols(of: .owner) == ["AAPL", "KO", "MSFT"])
    }

    @Test func aRefusedChangeWritesNothing() async throws {
        let store = DatabaseWatchlistStore(database: try BourseDatabase(path: Self.path()))
        _ = try await store.update(of: .owner) { _ in .success(["AAPL"]) }
        let duplicate = try await store.update(of: .owner) { Watchlist.adding("AAPL", to: $0) }
        #expect(duplicate == .failure(.alreadyListed("AAPL")))
        let missing = try await store.update(of: .owner) { Watchlist.removing("KO", from: $0) }
        #expect(missing == .failure(.notListed("KO")))
        #expect(try await store.symbols(of: .owner) == ["AAPL"])
    }

    /// SPEC §14: each account has its own list, in its own order; the refresh sees everyone's.
    @Test func eachAccountHasItsOwnList() async throws {
        let database = try TemporaryDatabase()
        let ann = try await database.database.addPerson("ann")
        let store = DatabaseWatchlistStore(database: database.database)
        _ = try await store.update(of: .owner) { _ in .success(["MSFT", "AAPL"]) }.get()
        _ = try await store.update(of: ann) { _ in .success(["AAPL", "KO"]) }.get()

        // Ann's removing a stock the owner follows changes only her list.
        _ = try await store.update(of: ann) { Watchlist.removing("AAPL", from: $0) }.get()
        let notHers = try await store.update(of: ann) { Watchlist.removing("MSFT", from: $0) }
        #expect(notHers == .failure(.notListed("MSFT")))

        #expect(try await store.symbols(of: .owner) == ["MSFT", "AAPL"])
        #expect(try await store.symbols(of: ann) == ["KO"])
        #expect(try await store.everyonesSymbols() == ["AAPL", "KO", "MSFT"])
    }

    @Test func theRulesLimitTheListAndRefuseDuplicates() {
        let full = (0..<500).map { "S\($0)" }
        #expect(Watchlist.adding("X", to: full) == .failure(.tooMany(501)))
        #expect(Watchlist.checked(full + ["X"]) == .failure(.tooMany(501)))
        #expect(Watchlist.checked(["A", "B", "A"]) == .failure(.duplicate("A")))
        #expect(Watchlist.checked(full) == .success(full))
    }
}
