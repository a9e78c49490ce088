import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite("Migrations")
struct MigrationTests {
    @Test func v5AddsTheAccountTablesToAnExistingDatabase() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let old = try BourseDatabase(path: path, migratedThrough: "v4: one saved-answer table")
            #expect(try !old.tableNames().contains("owner_account"))
        }
        let database = try BourseDatabase(path: path, migratedThrough: "v5: the owner, sessions and API tokens")
        #expect(try database.appliedMigrations().last == "v5: the owner, sessions and API tokens")
        #expect(try database.tableNames().isSuperset(of: ["owner_account", "session", "api_token", "saved_answer"]))
    }

    /// SPEC §14: a server from before accounts keeps its owner (name, password), signed-in
    /// browsers and tokens, now account 1's; one that never had a password gets an owner without one.
    @Test func v10MakesTheOwnerAccountOneWithTheirSessionsAndTokens() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let old = try BourseDatabase(path: path, migratedThrough: "v9: notices and web push")
            try old.execute(
                sql: """
                    INSERT INTO owner_account (id, name, password_hash, changed_at) VALUES (1, 'ada', '$2b$04$hash', 1700000000);
                    INSERT INTO session (id_hash, created_at, last_seen_at) VALUES ('s1', 1700000001, 1700000002);
                    INSERT INTO api_token (name, token_hash, created_at, last_used_at) VALUES ('ci', 't1', 1700000003, NULL);
                    """)
        }
        let database = try BourseDatabase(path: path)
        #expect(try !database.tableNames().contains("owner_account"))
        let store = DatabaseAccountStore(database: database)
        let owner = try await store.owner()
        #expect(owner.id == .owner && owner.name == "ada" && owner.role == .owner && owner.passwordHash == "$2b$04$hash")
        #expect(try await store.session(idHash: "s1")?.account == .owner)
        #expect(try await store.tokens(of: .owner).map(\.name) == ["ci"])
        #expect(try await store.token(hash: "t1")?.account == .owner)
    }

    /// SPEC §14, "one person alone changes nothing": every watchlist row, alert, device, setting,
    /// notice and queued push of before is the owner's, with its id; an id once used (an alert or
    /// notice removed) is not used again.
    @Test func v11MakesEveryPersonalRowOfBeforeTheOwnersAndKeepsTheIds() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let old = try BourseDatabase(path: path, migratedThrough: "v10: accounts and invitations")
            try old.execute(
                sql: """
                    INSERT INTO watchlist (symbol, position) VALUES ('MSFT', 0), ('AAPL', 1);
                    INSERT INTO price_alert (id, symbol, kind, value, status, created_at) VALUES
                        (1, 'AAPL', 'above', '150.00', 'armed', 1700000000),
                        (2, 'KO', 'movePercent', '5', 'fired', 1700000001),
                        (3, 'MSFT', 'below', '10.00', 'armed', 1700000002);
                    DELETE FROM price_alert WHERE id = 3;
                    INSERT INTO push_subscription (endpoint, p256dh, auth, created_at) VALUES
                        ('https://push.example/phone', 'p', 'a', 1700000000);
                    INSERT INTO push_setting (kind, enabled) VALUES ('fill', 0);
                    INSERT INTO notice (kind, title, body, url, tag, created_at) VALUES
                        ('alert', 'AAPL at or above 150.00', 'body', '/stocks/AAPL', 'alert-1', 1700000003),
                        ('fill', 'gone', 'body', '/exchange', 'order-1', 1700000004);
                    DELETE FROM notice WHERE id = 2;
                    INSERT INTO push_delivery (notice_id, subscription_id, due_at) VALUES (1, 1, 0);
                    """)
        }
        let database = try BourseDatabase(path: path)
        #expect(try database.appliedMigrations().contains("v11: each account's watchlist, alerts and notices"))
        let watchlist = DatabaseWatchlistStore(database: database)
        let alerts = DatabaseAlertStore(database: database)
        let notices = DatabaseNotificationStore(database: database)
        #expect(try await watchlist.symbols(of: .owner) == ["MSFT", "AAPL"])
        #expect(try await alerts.alerts(of: .owner).map(\.id) == ["1", "2"])
        #expect(try await alerts.alerts(of: .owner).map(\.status) == [.armed, .fired])
        #expect(try await notices.subscribers(of: .owner).map(\.endpoint) == ["https://push.example/phone"])
        #expect(try await notices.pushSettings(of: .owner) == PushSettings(alerts: true, fills: false, orders: true))
        #expect(try await notices.notices(of: .owner, limit: 10).notices.map(\.id) == ["1"])
        // The queued push is still there, for the owner's device.
        let queued = try await notices.dueDeliveries(at: Date(timeIntervalSince1970: 1_700_000_010), limit: 10)
        #expect(queued.map(\.notice.id) == ["1"] && queued.map(\.subscriber.id) == ["1"])

        // The next alert and notice take ids after the highest ever used, not after the highest left.
        let added = try await alerts.update(of: .owner) { list, lastID in
            Alerts.adding(
                AlertRequest(symbol: "KO", condition: .movePercent(ExactDecimal(3))), to: list, lastID: lastID,
                at: Date(timeIntervalSince1970: 1_700_000_020))
        }.get()
        #expect(added.map(\.id) == ["1", "2", "4"])
        let posted = try await notices.post(
            for: .owner,
            Notice(
                kind: .alert, title: "t", body: "b", url: "/", tag: "x", createdAt: Date(timeIntervalSince1970: 1_700_000_030)))
        #expect(posted.id == "3")
    }

    /// SPEC §14, "one person alone changes nothing": every order and fill of before is the
    /// owner's, in the order it was placed, with its fills and their ids.
    @Test func v12MakesEveryOrderAndFillOfBeforeTheOwners() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let old = try BourseDatabase(path: path, migratedThrough: "v11: each account's watchlist, alerts and notices")
            try old.execute(
                sql: """
                    INSERT INTO exchange_order (row, id, side, type, quantity, limit_ticks, time_in_force, triggered,
                            created_at, status, filled_quantity, filled_ticks, updated_at) VALUES
                        (1, '1', 'buy', 'limit', 100, 10000, 'gtc', 1, 1700000000, 'PARTIALLY_FILLED', 40, 400000, 1700000001),
                        (2, '2', 'sell', 'market', 10, NULL, 'ioc', 1, 1700000002, 'FILLED', 10, 101000, 1700000002);
                    INSERT INTO exchange_fill (id, order_id, seq, time, side, price_ticks, quantity) VALUES
                        (1, '1', 7, 1700000001, 'buy', 10000, 40),
                        (2, '2', 8, 1700000002, 'sell', 10100, 10),
                        (3, '2', 8, 1700000002, 'sell', 10100, 1);
                    DELETE FROM exchange_fill WHERE id = 3;
                    """)
        }
        let database = try BourseDatabase(path: path)
        #expect(try database.appliedMigrations().contains("v12: each account's orders and fills"))
        let store = DatabaseOrderStore(database: database)
        #expect(try await store.orders(account: .owner, limit: 10).map(\.id) == ["2", "1"])
        #expect(try await store.openOrders(account: .owner).map(\.id) == ["1"])
        #expect(try await store.fills(account: .owner).map(\.quantity) == [40, 10])
        #expect(try await store.allFills().allSatisfy { $0.account == .owner })
        #expect(try await store.lastOrderNumber() == 2)
        // The fills' ids go on after the highest ever used.
        let order = try #require(try await store.order(id: "1", account: .owner))
        try await store.save(
            orders: [order],
            fills: [
                Fill(
                    orderID: "1", seq: 9, time: Date(timeIntervalSince1970: 1_700_000_010), side: .buy,
                    price: Price(ticks: 10_000), quantity: 5)
            ])
        #expect(try database.maxFillID() == 4)
    }

    /// SPEC §14: the owner's settings for everyone. A server of before gains the table with
    /// nothing in it, and the leaderboard shown; a change outlives a restart; a value the store
    /// cannot read is an error, never taken for a default.
    @Test func v13AddsTheServerSettingsWithTheLeaderboardShown() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let old = try BourseDatabase(path: path, migratedThrough: "v12: each account's orders and fills")
            #expect(try !old.tableNames().contains("server_setting"))
        }
        let database = try BourseDatabase(path: path)
        #expect(try database.appliedMigrations().contains("v13: server settings"))
        let store = DatabaseServerSettingStore(database: database)
        #expect(try await store.leaderboardHidden() == false)

        try await store.setLeaderboardHidden(true)
        #expect(try await DatabaseServerSettingStore(database: try BourseDatabase(path: path)).leaderboardHidden())
        try await store.setLeaderboardHidden(false)
        #expect(try await store.leaderboardHidden() == false)

        try database.execute(sql: "UPDATE server_setting SET value = 'maybe' WHERE key = 'leaderboard_hidden'")
        await #expect(throws: StorageError.self) { try await store.leaderboardHidden() }
    }

    /// SPEC §14: removing a person deletes their orders and fills; an order the desk still held for
    /// them (removed from another process) is not written back.
    /// On SQLite and PostgreSQL alike (SPEC §15).
    @Test(arguments: DatabaseKind.allCases)
    func removingAnAccountDeletesItsOrdersAndFillsAndTheyDoNotComeBack(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let ann = try await database.addPerson("ann")
        let store = database.stores.orders
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        func order(_ id: String, _ account: AccountID) throws -> Order {
            Order(
                id: id, account: account, request: try OrderRequest.limit(.buy, quantity: 10, price: Price(ticks: 100)),
                createdAt: time)
        }
        func fill(_ id: String, _ account: AccountID) -> Fill {
            Fill(orderID: id, account: account, seq: 1, time: time, side: .buy, price: Price(ticks: 100), quantity: 1)
        }
        try await store.save(orders: [try order("1", .owner), try order("2", ann)], fills: [fill("1", .owner), fill("2", ann)])
        #expect(try await store.order(id: "2", account: .owner) == nil)
        #expect(try await store.order(id: "2", account: ann)?.account == ann)

        #expect(try await database.stores.accounts.deleteAccount(ann))
        #expect(try await store.openOrders().map(\.id) == ["1"])
        #expect(try await store.allFills().map(\.orderID) == ["1"])

        try await store.save(orders: [try order("3", ann)], fills: [fill("2", ann), fill("3", ann)])
        #expect(try await store.openOrders().map(\.id) == ["1"])
        #expect(try await store.allFills().map(\.orderID) == ["1"])
    }

    /// SPEC §14: removing a person deletes their watchlist, alerts, devices, settings, notices and
    /// what was queued for them, and nothing of anyone else's.
    /// On SQLite and PostgreSQL alike (SPEC §15).
    @Test(arguments: DatabaseKind.allCases)
    func removingAnAccountDeletesItsPersonalRowsAndNoOneElses(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let ann = try await database.addPerson("ann")
        let watchlist = database.stores.watchlists
        let alerts = database.stores.alerts
        let notices = database.stores.notifications
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        for (account, device) in [(AccountID.owner, "owner-phone"), (ann, "ann-phone")] {
            _ = try await watchlist.update(of: account) { Watchlist.adding("AAPL", to: $0) }.get()
            _ = try await alerts.update(of: account) { list, lastID in
                Alerts.adding(
                    AlertRequest(symbol: "AAPL", condition: .above(Price(ticks: 15_000))), to: list, lastID: lastID, at: time)
            }.get()
            _ = try await notices.subscribe(
                for: account, PushSubscriber(endpoint: "https://push.example/\(device)", p256dh: "p", auth: "a", createdAt: time))
            try await notices.setPushSettings(for: account, PushSettings(alerts: true, fills: false, orders: true))
            _ = try await notices.post(
                for: account, Notice(kind: .alert, title: "t", body: "b", url: "/", tag: "x", createdAt: time))
        }
        #expect(try await notices.dueDeliveries(at: time, limit: 10).count == 2)

        #expect(try await database.stores.accounts.deleteAccount(ann))

        #expect(try await watchlist.symbols(of: ann).isEmpty)
        #expect(try await alerts.alerts(of: ann).isEmpty)
        #expect(try await notices.subscribers(of: ann).isEmpty)
        #expect(try await notices.pushSettings(of: ann) == PushSettings())
        #expect(try await notices.notices(of: ann, limit: 10).notices.isEmpty)
        #expect(try await watchlist.symbols(of: .owner) == ["AAPL"])
        #expect(try await alerts.alerts(of: .owner).count == 1)
        #expect(try await notices.subscribers(of: .owner).map(\.endpoint) == ["https://push.example/owner-phone"])
        #expect(try await notices.pushSettings(of: .owner) == PushSettings(alerts: true, fills: false, orders: true))
        #expect(try await notices.notices(of: .owner, limit: 10).notices.count == 1)
        let left = try await notices.dueDeliveries(at: time, limit: 10)
        #expect(left.map(\.subscriber.endpoint) == ["https://push.example/owner-phone"])
        if case .sqlite(let path) = database.location {
            let file = try BourseDatabase(path: path)
            for table in ["watchlist", "price_alert", "push_subscription", "push_setting", "notice"] {
                #expect(try file.count(table, account: ann) == 0, "\(table)")
            }
        }
    }

    @Test func v10GivesAServerWithoutAPasswordAnOwnerWithoutOne() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        let owner = try await DatabaseAccountStore(database: try BourseDatabase(path: path)).owner()
        #expect(owner.id == .owner && owner.role == .owner && owner.passwordHash == nil)
    }

    /// The schema before the saved answers had one table.
    static let v3 = "v3: exchange orders and fills"

    @Test func v4CarriesTheCacheAndTheGNBDownloadsIntoOneTable() async throws {
        let (path, directory) = TemporaryDatabase.newPath()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let old = try BourseDatabase(path: path, migratedThrough: Self.v3)
            #expect(try old.appliedMigrations().last == Self.v3)
            // Rows as the v1 and v2 stores wrote them.
            try old.execute(
                sql: """
                    INSERT INTO response_cache (key, body, fetched_at, fresh_until)
                        VALUES ('/v2/aggs/ticker/AAPL/prev', \(Self.blob(#"{"c": 75.0875}"#)), 1700000000.5, 1700086400);
                    INSERT INTO gnb_download (source, body, format, fetched_at)
                        VALUES ('http://x/rates', \(Self.blob("<rates/>")), 'xml', 20),
                               ('/data/transactions.json', \(Self.blob("[]")), 'json', 30.25);
                    """)
        }

        let database = try BourseDatabase(path: path)
        let store = DatabaseAnswerStore(database: database)

        #expect(try database.appliedMigrations().contains("v4: one saved-answer table"))
        #expect(try database.tableNames().isDisjoint(with: ["response_cache", "gnb_download"]))
        #expect(
            try await store.answer(for: "/v2/aggs/ticker/AAPL/prev")
                == SavedAnswer(
                    key: "/v2/aggs/ticker/AAPL/prev", body: Array(#"{"c": 75.0875}"#.utf8),
                    fetchedAt: Date(timeIntervalSince1970: 1_700_000_000.5),
                    freshUntil: Date(timeIntervalSince1970: 1_700_086_400)))
        #expect(
            try await store.answer(for: "gnb:http://x/rates")
                == SavedAnswer(
                    key: "gnb:http://x/rates", body: Array("<rates/>".utf8), mediaType: "application/xml",
                    fetchedAt: Date(timeIntervalSince1970: 20), freshUntil: Date(timeIntervalSince1970: 20)))
        #expect(
            try await store.answer(for: "gnb:/data/transactions.json")
                == SavedAnswer(
                    key: "gnb:/data/transactions.json", body: Array("[]".utf8), mediaType: "application/json",
                    fetchedAt: Date(timeIntervalSince1970: 30.25), freshUntil: Date(timeIntervalSince1970: 30.25)))
        #expect(try await store.answer(for: "http://x/rates") == nil)
    }

    /// `text` as an SQL blob literal.
    static func blob(_ text: String) -> String {
        "X'" + text.utf8.map { String(format: "%02X", $0) }.joined() + "'"
    }
}
