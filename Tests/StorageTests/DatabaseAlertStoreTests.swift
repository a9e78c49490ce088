import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite("Alert store")
struct DatabaseAlertStoreTests {
    static func path() -> String {
        TemporaryDatabase.newPath().path
    }

    static let t0 = Date(timeIntervalSince1970: 1_763_820_000.25)

    static func add(_ store: DatabaseAlertStore, _ symbol: String, _ condition: AlertCondition) async throws -> [Alert] {
        try await store.update { alerts, lastID in
            Alerts.adding(AlertRequest(symbol: symbol, condition: condition), to: alerts, lastID: lastID, at: t0)
        }.get()
    }

    @Test func everyConditionAndAFiringReadBackAfterARestart() async throws {
        let path = Self.path()
        let store = DatabaseAlertStore(database: try BourseDatabase(path: path))
        _ = try await Self.add(store, "AAPL", .above(Price(ticks: 15_000)))
        _ = try await Self.add(store, "KO", .below(Price(ticks: 6_150)))
        let three = try await Self.add(store, "MSFT", .movePercent(ExactDecimal("2.5")))
        let fired = three[0].fired(
            at: Self.t0.addingTimeInterval(60), price: ExactDecimal("150.1234"), changePercent: ExactDecimal("-0.25"))
        _ = try await store.update { alerts, _ in .success([fired] + alerts.dropFirst()) }.get()

        let again = try await DatabaseAlertStore(database: try BourseDatabase(path: path)).alerts()
        #expect(again == [fired] + three.dropFirst())
        #expect(again.map(\.id) == ["1", "2", "3"])
    }

    @Test func anIdIsNeverUsedTwiceAndARefusedChangeWritesNothing() async throws {
        let store = DatabaseAlertStore(database: try BourseDatabase(path: Self.path()))
        _ = try await Self.add(store, "AAPL", .above(Price(ticks: 100)))
        _ = try await Self.add(store, "KO", .above(Price(ticks: 100)))
        _ = try await store.update { alerts, _ in Alerts.removing("2", from: alerts) }.get()
        let after = try await Self.add(store, "MSFT", .above(Price(ticks: 100)))
        #expect(after.map(\.id) == ["1", "3"])

        let refused = try await store.update { alerts, _ in
            // A change that fails after building its list: nothing of it is stored.
            _ = alerts.dropLast()
            return .failure(.notFound("9"))
        }
        #expect(refused == .failure(.notFound("9")))
        #expect(try await store.alerts().map(\.id) == ["1", "3"])
    }
}

@Suite("Alert store: migration")
struct AlertMigrationTests {
    @Test func v8AddsThePriceAlertsAfterEveryEarlierMigration() throws {
        let database = try BourseDatabase(path: DatabaseAlertStoreTests.path())
        #expect(try database.appliedMigrations().contains("v8: price alerts"))
        #expect(try database.tableNames().contains("price_alert"))
    }
}
