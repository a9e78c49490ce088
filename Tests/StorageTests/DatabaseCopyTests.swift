import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

/// SPEC §15: `bourse database copy` moves a SQLite database into a new PostgreSQL one, every row
/// checked, ids kept and never used again, all or nothing.
@Suite("Copying a database to PostgreSQL")
struct DatabaseCopyTests {
    static let time = Date(timeIntervalSince1970: 1_763_820_000.5)

    /// A file with something in every table: two people, a session, a token, a saved answer, a
    /// watchlist, alerts (one removed), a device, settings, notices and a queued push, orders and
    /// fills, a trailing stop's move, a server setting.
    static func filledFile() async throws -> TemporaryDatabase {
        let file = try TemporaryDatabase()
        let stores = DatabaseStores(sqlite: file.database)
        _ = try await stores.accounts.setOwner(name: "Ada", passwordHash: "$2b$04$owner", at: time)
        let ann = try await stores.accounts.addPerson("ann")
        _ = try await stores.accounts.insertToken(
            APITokenRecord(account: ann, name: "ci", tokenHash: "t-hash", createdAt: time, lastUsedAt: nil))
        _ = try await stores.accounts.insertInvitation(
            InvitationRecord(tokenHash: "i-hash", name: "Bob", role: .viewer, createdAt: time, expiresAt: time + 3600))
        try await stores.answers.save(
            SavedAnswer(key: "/v2/x", body: [0, 1, 255], mediaType: "application/json", fetchedAt: time, freshUntil: time))
        _ = try await stores.watchlists.update(of: ann) { _ in .success(["KO", "AAPL"]) }
        for symbol in ["AAPL", "KO", "MSFT"] {
            _ = try await stores.alerts.update(of: .owner) { alerts, lastID in
                Alerts.adding(
                    AlertRequest(symbol: symbol, condition: .above(Price(ticks: 15_000))), to: alerts, lastID: lastID, at: time)
            }.get()
        }
        _ = try await stores.alerts.update(of: .owner) { alerts, _ in Alerts.removing("3", from: alerts) }.get()
        _ = try await stores.notifications.pushKey(orMake: { "vapid-key" })
        _ = try await stores.notifications.subscribe(
            for: ann, PushSubscriber(endpoint: "https://push.example/ann", p256dh: "p", auth: "a", createdAt: time))
        try await stores.notifications.setPushSettings(for: ann, PushSettings(alerts: true, fills: false, orders: true))
        _ = try await stores.notifications.post(
            for: ann, Notice(kind: .alert, title: "KO at 61.50", body: "b", url: "/stocks/KO", tag: "t", createdAt: time))
        let order = Order(
            id: "1", account: ann, request: try .limit(.buy, quantity: 10, price: Price(ticks: 10_000)), createdAt: time,
            status: .partiallyFilled, filledQuantity: 4, filledTicks: 40_000)
        let fill = Fill(orderID: "1", account: ann, seq: 7, time: time, side: .buy, price: Price(ticks: 10_000), quantity: 4)
        try await stores.orders.save(orders: [order], fills: [fill])
        // A trailing stop waiting, and a new high stored after it.
        var trailing = Order(
            id: "2", account: ann,
            request: try OrderRequest(side: .sell, kind: .trailingStop(.amount(Price(ticks: 100))), quantity: 5),
            createdAt: time)
        trailing.trailReference = Price(ticks: 10_000)
        try await stores.orders.save(orders: [trailing], fills: [])
        try await stores.orders.save(
            orders: [], fills: [], trailMoves: [TrailMove(account: ann, side: .sell, reference: Price(ticks: 10_300))],
            answering: [:])
        try await stores.settings.setLeaderboardHidden(true)
        _ = try await stores.sends.take(source: "polygon:x", capacity: 5, window: 60, at: time)
        return file
    }

    @Test func everyRowArrivesTheSameAndIdsGoOnAfterTheFilesHighest() async throws {
        let file = try await Self.filledFile()
        let url = try await TestPostgres.newDatabase()
        let target = try await PostgreSQLDatabase.open(url)
        defer { Task { await target.close() } }

        let report = try await DatabaseCopy.copy(from: file.database, to: target)
        #expect(report.tables.map(\.table) == DatabaseCopy.tables.map(\.name))
        #expect(report.tables.allSatisfy { $0.rows > 0 }, "\(report.tables)")

        let before = DatabaseStores(sqlite: file.database)
        let after = DatabaseStores(postgres: target)
        let ann = try #require(try await after.accounts.account(named: "ANN")?.id)
        #expect(try await after.accounts.accounts() == before.accounts.accounts())
        #expect(try await after.accounts.token(hash: "t-hash") == before.accounts.token(hash: "t-hash"))
        #expect(try await after.accounts.invitations(at: Self.time) == before.accounts.invitations(at: Self.time))
        #expect(try await after.answers.answer(for: "/v2/x") == before.answers.answer(for: "/v2/x"))
        #expect(try await after.watchlists.symbols(of: ann) == ["KO", "AAPL"])
        #expect(try await after.alerts.everyonesAlerts() == before.alerts.everyonesAlerts())
        #expect(try await after.notifications.pushKey(orMake: { "another" }) == "vapid-key")
        #expect(try await after.notifications.pushSettings(of: ann) == before.notifications.pushSettings(of: ann))
        #expect(
            try await after.notifications.dueDeliveries(at: Self.time, limit: 10)
                == before.notifications.dueDeliveries(at: Self.time, limit: 10))
        #expect(try await after.orders.allFills() == before.orders.allFills())
        #expect(try await after.orders.openOrders() == before.orders.openOrders())
        #expect(try await after.orders.order(id: "2", account: ann)?.stopPrice == Price(ticks: 10_200))
        #expect(try await after.settings.leaderboardHidden())

        // The next alert is 4 (3 was removed in the file), the next person 3.
        let added = try await after.alerts.update(of: .owner) { alerts, lastID in
            Alerts.adding(
                AlertRequest(symbol: "IBM", condition: .above(Price(ticks: 1))), to: alerts, lastID: lastID, at: Self.time)
        }.get()
        #expect(added.map(\.id) == ["1", "2", "4"])
        #expect(try await after.accounts.addPerson("cy") == AccountID(3))
    }

    @Test func aDatabaseThatHoldsDataIsRefusedAndKeptAsItWas() async throws {
        let file = try await Self.filledFile()
        let url = try await TestPostgres.newDatabase()
        let target = try await PostgreSQLDatabase.open(url)
        defer { Task { await target.close() } }
        let theirs = DatabaseStores(postgres: target)
        _ = try await theirs.watchlists.update(of: .owner) { _ in .success(["IBM"]) }

        await #expect {
            try await DatabaseCopy.copy(from: file.database, to: target)
        } throws: { error in
            "\(error)".contains("already holds data (watchlist has 1 rows)")
        }
        #expect(try await theirs.watchlists.symbols(of: .owner) == ["IBM"])
        #expect(try await theirs.accounts.accounts().map(\.name) == ["owner"])
    }
}
