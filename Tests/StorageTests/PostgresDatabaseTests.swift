import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

/// SPEC §15: the PostgreSQL database itself: its URL, its migrations (the same list as SQLite's,
/// each applied once, rows of before kept), its errors, and writers on several connections.
@Suite("PostgreSQL database")
struct PostgresDatabaseTests {
    @Test func aURLReadsItsPartsAndNeverShowsItsPassword() throws {
        let url = try DatabaseURL("postgres://ann:s%40cret@db.example:6543/bourse?sslmode=require")
        #expect(url.host == "db.example" && url.port == 6543 && url.user == "ann" && url.database == "bourse")
        #expect(url.tls == .require)
        #expect(url.description == "postgres://ann:***@db.example:6543/bourse")
        #expect(!"\(url)".contains("cret"))
        let plain = try DatabaseURL("postgresql://ann@127.0.0.1/bourse")
        #expect(plain.port == 5432 && plain.tls == .prefer && plain.description == "postgres://ann@127.0.0.1:5432/bourse")
    }

    @Test(arguments: [
        ("mysql://a:b@h/db", DatabaseURLError.scheme("mysql")),
        ("postgres://a:b@h", .missing("database name (its path)")),
        ("postgres://h/db", .missing("user")),
        ("postgres://a:b@h:0/db", .port),
        ("postgres://a:b@h/db?ssl=true", .option("ssl")),
        ("postgres://a:b@h/db?sslmode=verify", .option("sslmode=verify")),
    ])
    func aBadURLSaysWhatIsWrongWithoutThePassword(text: String, error: DatabaseURLError) {
        #expect(throws: error) { try DatabaseURL(text) }
        #expect(!error.description.contains(":b@"))
    }

    @Test func aScriptSplitsAtSemicolonsOutsideStringsNamesAndComments() {
        let script = """
            CREATE TABLE t (a TEXT DEFAULT 'x;y', "b;c" BIGINT);  -- the table's; first
            -- only a comment; no statement
            INSERT INTO t (a) VALUES ('it''s; fine');
            """
        #expect(
            SQLScript.statements(script) == [
                "CREATE TABLE t (a TEXT DEFAULT 'x;y', \"b;c\" BIGINT)",
                "  -- the table's; first\n-- only a comment; no statement\nINSERT INTO t (a) VALUES ('it''s; fine')",
            ])
        #expect(SQLScript.statements("-- nothing\n\n").isEmpty)
    }

    @Test func everyMigrationIsAppliedOnceInOrderAndAgainIsNothing() async throws {
        let url = try await TestPostgres.newDatabase()
        let first = try await PostgreSQLDatabase.open(url)
        #expect(try await first.appliedMigrations() == Migrations.all.map(\.name))
        await first.close()
        // Three instances started at once migrate once (an advisory lock), and all open.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask { await try PostgreSQLDatabase.open(url).close() }
            }
            try await group.waitForAll()
        }
        let again = try await PostgreSQLDatabase.open(url)
        #expect(try await again.appliedMigrations() == Migrations.all.map(\.name))
        await again.close()
    }

    @Test func aDatabaseMigratedByANewerBourseIsRefused() async throws {
        let url = try await TestPostgres.newDatabase()
        let database = try await PostgreSQLDatabase.open(url)
        try await database.execute(script: "INSERT INTO bourse_migration (name, applied_at) VALUES ('v99: the future', 0)")
        await database.close()
        await #expect {
            try await PostgreSQLDatabase.open(url)
        } throws: { error in
            "\(error)".contains("v99: the future") && "\(error)".contains("newer")
        }
    }

    /// The rows of a database made before accounts and order kinds are the owner's after the
    /// later migrations, with their ids, and ids go on from the highest used.
    @Test func theLaterMigrationsKeepTheRowsOfBefore() async throws {
        let url = try await TestPostgres.newDatabase()
        let old = try await PostgreSQLDatabase.open(url, migratedThrough: "v9: notices and web push", logger: nil)
        try await old.execute(
            script: """
                INSERT INTO owner_account (id, name, password_hash, changed_at) VALUES (1, 'Ada', '$2b$04$hash', 1700000000);
                INSERT INTO session (id_hash, created_at, last_seen_at) VALUES ('s1', 1700000001, 1700000002);
                INSERT INTO exchange_order (id, side, type, quantity, limit_ticks, created_at, status, filled_quantity,
                    filled_ticks, updated_at, time_in_force, triggered)
                    VALUES ('1', 'buy', 'limit', 100, 10120, 1763000000, 'PARTIALLY_FILLED', 40, 404800, 1763000002, 'gtc', 1);
                INSERT INTO exchange_fill (order_id, seq, "time", side, price_ticks, quantity)
                    VALUES ('1', 9, 1763000002, 'buy', 10120, 40);
                INSERT INTO watchlist (symbol, position) VALUES ('MSFT', 0), ('AAPL', 1);
                INSERT INTO price_alert (symbol, kind, value, status, created_at) VALUES
                    ('AAPL', 'above', '150.00', 'armed', 1700000000), ('KO', 'below', '50', 'armed', 1700000001);
                DELETE FROM price_alert WHERE symbol = 'KO';
                """)
        await old.close()

        let database = try await PostgreSQLDatabase.open(url)
        defer { Task { await database.close() } }
        let stores = DatabaseStores(postgres: database)
        let owner = try await stores.accounts.owner()
        #expect(owner.name == "Ada" && owner.passwordHash == "$2b$04$hash")
        #expect(try await stores.accounts.session(idHash: "s1")?.account == .owner)
        let order = try #require(try await stores.orders.order(id: "1", account: .owner))
        #expect(order.filledQuantity == 40 && order.timeInForce == .gtc)
        #expect(try await stores.orders.fills(account: .owner).map(\.quantity) == [40])
        #expect(try await stores.watchlists.symbols(of: .owner) == ["MSFT", "AAPL"])
        #expect(try await stores.alerts.alerts(of: .owner).map(\.id) == ["1"])
        // Alert 2 was removed: the next is 3, as with SQLite's AUTOINCREMENT.
        let added = try await stores.alerts.update(of: .owner) { alerts, lastID in
            Alerts.adding(
                AlertRequest(symbol: "KO", condition: .above(Price(ticks: 1))), to: alerts, lastID: lastID,
                at: Date(timeIntervalSince1970: 1_700_000_002))
        }.get()
        #expect(added.map(\.id) == ["1", "3"])
        // A new account takes the next id after the owner's, and names stay unique without regard to case.
        let ann = try await stores.accounts.addPerson("ann")
        #expect(ann == AccountID(2))
        await #expect(throws: (any Error).self) { try await stores.accounts.addPerson("ADA") }
    }

    @Test func anUnreachableServerIsAClearErrorWithoutThePassword() async throws {
        // A port nothing listens on (the cluster's, plus one, is not it: bind one and close it).
        let url = try DatabaseURL("postgres://bourse:topsecret@127.0.0.1:\(try FreePort.next())/bourse?sslmode=disable")
        await #expect {
            try await PostgreSQLDatabase.open(url)
        } throws: { error in
            let text = "\(error)"
            return text.contains("cannot open the database at postgres://bourse:***@127.0.0.1") && !text.contains("topsecret")
        }
    }

    /// Writers on several connections (as several instances are) take turns: ids made by
    /// concurrent changes of one list never collide, and no change is lost.
    @Test func concurrentChangesFromSeveralConnectionsAreAllKept() async throws {
        let url = try await TestPostgres.newDatabase()
        let instances = try await withThrowingTaskGroup(of: PostgreSQLDatabase.self) { group in
            for _ in 0..<3 { group.addTask { try await PostgreSQLDatabase.open(url) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, instance) in instances.enumerated() {
                let store = PostgresAlertStore(database: instance)
                group.addTask {
                    for step in 0..<10 {
                        _ = try await store.update(of: .owner) { alerts, lastID in
                            Alerts.adding(
                                AlertRequest(symbol: "S\(index)x\(step)", condition: .above(Price(ticks: 1))), to: alerts,
                                lastID: lastID, at: Date(timeIntervalSince1970: 1_700_000_000))
                        }.get()
                    }
                }
            }
            try await group.waitForAll()
        }
        let alerts = try await PostgresAlertStore(database: instances[0]).alerts(of: .owner)
        #expect(alerts.count == 30)
        #expect(Set(alerts.map(\.id)).count == 30)
        for instance in instances { await instance.close() }
    }
}

/// The server's settings on both databases (SPEC §14, §15).
@Suite("Server setting store")
struct ServerSettingStoreTests {
    @Test(arguments: DatabaseKind.allCases)
    func theLeaderboardSettingIsKeptAndAStrangeValueIsAnError(kind: DatabaseKind) async throws {
        try await TestDatabase.with(kind) { database in
            let store = database.stores.settings
            #expect(try await store.leaderboardHidden() == false)
            try await store.setLeaderboardHidden(true)
            #expect(try await database.reopen().settings.leaderboardHidden())
            try await store.setLeaderboardHidden(false)
            #expect(try await store.leaderboardHidden() == false)
            let strange = "UPDATE server_setting SET value = 'maybe' WHERE key = 'leaderboard_hidden'"
            switch database.location {
            case .sqlite(let path): try BourseDatabase(path: path).execute(sql: strange)
            case .postgres(let url):
                let postgres = try await PostgreSQLDatabase.open(url)
                try await postgres.execute(script: strange)
                await postgres.close()
            }
            await #expect(throws: StorageError.self) { try await store.leaderboardHidden() }
        }
    }
}
