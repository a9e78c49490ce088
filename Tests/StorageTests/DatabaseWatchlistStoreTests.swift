import BourseCore
import Foundation
import Storage
import TestSupport
import Testing

/// On SQLite and PostgreSQL alike (SPEC §15).
@Suite("Watchlist store")
struct DatabaseWatchlistStoreTests {
    @Test(arguments: DatabaseKind.allCases)
    func theListKeepsItsOrderAcrossARestart(kind: DatabaseKind) async throws {
        try await TestDatabase.with(kind) { database in
            let store = database.stores.watchlists
            _ = try await store.update(of: .owner) { Watchlist.adding("MSFT", to: $0) }.get()
            _ = try await store.update(of: .owner) { Watchlist.adding("AAPL", to: $0) }.get()
            _ = try await store.update(of: .owner) { _ in Watchlist.checked(["AAPL", "KO", "MSFT"]) }.get()
            let again = try await database.reopen().watchlists
            #expect(try await again.symbols(of: .owner) == ["AAPL", "KO", "MSFT"])
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aRefusedChangeWritesNothing(kind: DatabaseKind) async throws {
        try await TestDatabase.with(kind) { database in
            let store = database.stores.watchlists
            _ = try await store.update(of: .owner) { _ in .success(["AAPL"]) }
            let duplicate = try await store.update(of: .owner) { Watchlist.adding("AAPL", to: $0) }
            #expect(duplicate == .failure(.alreadyListed("AAPL")))
            let missing = try await store.update(of: .owner) { Watchlist.removing("KO", from: $0) }
            #expect(missing == .failure(.notListed("KO")))
            #expect(try await store.symbols(of: .owner) == ["AAPL"])
        }
    }

    /// SPEC §14: each account has its own list, in its own order; the refresh sees everyone's.
    @Test(arguments: DatabaseKind.allCases)
    func eachAccountHasItsOwnList(kind: DatabaseKind) async throws {
        try await TestDatabase.with(kind) { database in
            let ann = try await database.addPerson("ann")
            let store = database.stores.watchlists
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
    }

    @Test func theRulesLimitTheListAndRefuseDuplicates() {
        let full = (0..<500).map { "S\($0)" }
        #expect(Watchlist.adding("X", to: full) == .failure(.tooMany(501)))
        #expect(Watchlist.checked(full + ["X"]) == .failure(.tooMany(501)))
        #expect(Watchlist.checked(["A", "B", "A"]) == .failure(.duplicate("A")))
        #expect(Watchlist.checked(full) == .success(full))
    }
}
