import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

/// On SQLite and PostgreSQL alike (SPEC §15).
@Suite("Alert store")
struct DatabaseAlertStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_763_820_000.25)

    static func add(_ store: any AlertStore, _ symbol: String, _ condition: AlertCondition) async throws -> [Alert] {
        try await store.update(of: .owner) { alerts, lastID in
            Alerts.adding(AlertRequest(symbol: symbol, condition: condition), to: alerts, lastID: lastID, at: t0)
        }.get()
    }

    @Test(arguments: DatabaseKind.allCases)
    func everyConditionAndAFiringReadBackAfterARestart(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let store = database.stores.alerts
        _ = try await Self.add(store, "AAPL", .above(Price(ticks: 15_000)))
        _ = try await Self.add(store, "KO", .below(Price(ticks: 6_150)))
        let three = try await Self.add(store, "MSFT", .movePercent(ExactDecimal("2.5")))
        let fired = three[0].fired(
            at: Self.t0.addingTimeInterval(60), price: ExactDecimal("150.1234"), changePercent: ExactDecimal("-0.25"))
        _ = try await store.update(of: .owner) { alerts, _ in .success([fired] + alerts.dropFirst()) }.get()

        let again = try await database.reopen().alerts.alerts(of: .owner)
        #expect(again == [fired] + three.dropFirst())
        #expect(again.map(\.id) == ["1", "2", "3"])
    }

    @Test(arguments: DatabaseKind.allCases)
    func anIdIsNeverUsedTwiceAndARefusedChangeWritesNothing(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let store = database.stores.alerts
        _ = try await Self.add(store, "AAPL", .above(Price(ticks: 100)))
        _ = try await Self.add(store, "KO", .above(Price(ticks: 100)))
        _ = try await store.update(of: .owner) { alerts, _ in Alerts.removing("2", from: alerts) }.get()
        let after = try await Self.add(store, "MSFT", .above(Price(ticks: 100)))
        #expect(after.map(\.id) == ["1", "3"])

        let refused = try await store.update(of: .owner) { alerts, _ in
            // A change that fails after building its list: nothing of it is stored.
            _ = alerts.dropLast()
            return .failure(.notFound("9"))
        }
        #expect(refused == .failure(.notFound("9")))
        #expect(try await store.alerts(of: .owner).map(\.id) == ["1", "3"])
    }
}

@Suite("Alert store: two accounts")
struct DatabaseAlertStoreAccountsTests {
    /// SPEC §14: another account's alert is not found, and no change of one account's list
    /// reaches another's, even one that names its id.
    @Test(arguments: DatabaseKind.allCases)
    func anotherAccountsAlertIsNotFoundAndNeverChanged(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let ann = try await database.addPerson("ann")
        let store = database.stores.alerts
        let add: (AccountID, String) async throws -> [Alert] = { account, symbol in
            try await store.update(of: account) { alerts, lastID in
                Alerts.adding(
                    AlertRequest(symbol: symbol, condition: .above(Price(ticks: 100))), to: alerts, lastID: lastID,
                    at: DatabaseAlertStoreTests.t0)
            }.get()
        }
        _ = try await add(.owner, "AAPL")
        let hers = try await add(ann, "KO")
        _ = try await add(.owner, "MSFT")
        #expect(hers.map(\.id) == ["2"])  // ids are the server's: never two alerts with one

        #expect(
            try await store.update(of: .owner) { alerts, _ in Alerts.removing("2", from: alerts) } == .failure(.notFound("2")))
        let rearm = AlertRequest(symbol: "AAPL", condition: .below(Price(ticks: 1)))
        #expect(
            try await store.update(of: .owner) { alerts, _ in Alerts.replacing("2", with: rearm, in: alerts) }
                == .failure(.notFound("2")))
        // A change that forges her alert into the owner's list writes nothing of it.
        let forged = hers[0].fired(at: DatabaseAlertStoreTests.t0, price: ExactDecimal(2), changePercent: nil)
        _ = try await store.update(of: .owner) { alerts, _ in .success(alerts + [forged]) }.get()

        #expect(try await store.alerts(of: ann) == hers)
        #expect(try await store.alerts(of: .owner).map(\.id) == ["1", "3"])
        let everyone = try await store.everyonesAlerts()
        #expect(everyone[.owner]?.map(\.id) == ["1", "3"] && everyone[ann]?.map(\.id) == ["2"])
    }
}

@Suite("Alert store: migration")
struct AlertMigrationTests {
    @Test func v8AddsThePriceAlertsAfterEveryEarlierMigration() throws {
        let temporary = try TemporaryDatabase()
        let database = temporary.database
        #expect(try database.appliedMigrations().contains("v8: price alerts"))
        #expect(try database.tableNames().contains("price_alert"))
    }
}
