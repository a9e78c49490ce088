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
        _ = try await store.update { Watchlist.adding("MSFT", to: $0) }.get()
        _ = try await store.update { Watchlist.adding("AAPL", to: $0) }.get()
        _ = try await store.update { _ in Watchlist.checked(["AAPL", "KO", "MSFT"]) }.get()
        let again = DatabaseWatchlistStore(database: try BourseDatabase(path: path))
        #expect(try await again.symbols() == ["AAPL", "KO", "MSFT"])
    }

    @Test func aRefusedChangeWritesNothing() async throws {
        let store = DatabaseWatchlistStore(database: try BourseDatabase(path: Self.path()))
        _ = try await store.update { _ in .success(["AAPL"]) }
        let duplicate = try await store.update { Watchlist.adding("AAPL", to: $0) }
        #expect(duplicate == .failure(.alreadyListed("AAPL")))
        let missing = try await store.update { Watchlist.removing("KO", from: $0) }
        #expect(missing == .failure(.notListed("KO")))
        #expect(try await store.symbols() == ["AAPL"])
    }

    @Test func theRulesLimitTheListAndRefuseDuplicates() {
        let full = (0..<500).map { "S\($0)" }
        #expect(Watchlist.adding("X", to: full) == .failure(.tooMany(501)))
        #expect(Watchlist.checked(full + ["X"]) == .failure(.tooMany(501)))
        #expect(Watchlist.checked(["A", "B", "A"]) == .failure(.duplicate("A")))
        #expect(Watchlist.checked(full) == .success(full))
    }
}
