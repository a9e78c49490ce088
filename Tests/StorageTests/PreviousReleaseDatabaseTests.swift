import Accounts
import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

/// Issue 32 item 7, SPEC §14 "one person alone changes nothing": a database made by the release
/// before accounts (`Fixtures/previous-release.sqlite`, made by
/// `scripts/make-previous-release-database` with commit d832c61, schema v9), opened by today's
/// code, is migrated to the newest schema with every piece of its data the owner's and as it was:
/// the owner's name and password, the token and the signed-in browser, My stocks, the alerts, the
/// device, its settings and queue, the notices, and every order and fill. The values pinned here
/// are those the old server stored and answered (`Fixtures/previous-release-answers.json`).
@Suite("The previous release's database")
struct PreviousReleaseDatabaseTests {
    /// A copy of the fixture in a folder of its own (the fixture itself is never opened).
    final class Copy: Sendable {
        let folder: TemporaryFolder
        let path: String

        init() throws {
            let fixture = try #require(
                Bundle.module.url(forResource: "Fixtures/previous-release.sqlite", withExtension: nil))
            folder = try TemporaryFolder()
            path = folder.file("bourse.sqlite").path
            try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        }
    }

    /// The schema the previous release left: its migrations, oldest first.
    static let previousMigrations = [
        "v1: response cache", "v2: GNB downloads", "v3: exchange orders and fills", "v4: one saved-answer table",
        "v5: the owner, sessions and API tokens", "v6: the user's list of stocks", "v7: orders beyond market and limit",
        "v8: price alerts", "v9: notices and web push",
    ]

    /// A time the old server wrote (Unix seconds, as stored).
    static func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    // MARK: What the old server stored

    static let password = "previous release password"
    static let token = "bourse_rb0rZfaeUaW79Xny3uLYHA1iDmOnm9JovS1fwFRFBSE"
    /// The `bourse_session` cookie of the browser signed in on the old server.
    static let sessionSecret = "nrINoTruqULI4xmN2BXWUMW71UtAFyu0yYijPuGjYyk"

    static let owner = AccountRecord(
        id: .owner, name: "ada", role: .owner,
        passwordHash: "$2b$12$grXsCaXrp0ucx0fhQwmujuCKfapd9D3x7L5kUE5nEtSotWffi/Xla",
        createdAt: at(1_795_836_726.0592237), changedAt: at(1_795_836_726.0592237))
    static let tokenRecord = APITokenRecord(
        account: .owner, name: "fixture", tokenHash: "7e667c329a8ab01b033d46fe0e47df3c300e62529f73a266304722517f5da0cb",
        createdAt: at(1_795_836_726.2132063), lastUsedAt: at(1_795_836_777.8543057))
    static let session = SessionRecord(
        idHash: "bfa76330776728bd5c229084127cca9cab83b5caa69f22e91ca97d201f4d6883", account: .owner,
        createdAt: at(1_795_836_778.0262837), lastSeenAt: at(1_795_836_778.0262837))

    static let watchlist = ["AAPL", "MSFT", "KO", "NVDA"]

    static let alerts = [
        Alert(id: "1", symbol: "MSFT", condition: .above(Price(ticks: 9_999_900)), createdAt: at(1_795_836_739.3368387)),
        Alert(
            id: "2", symbol: "AAPL", condition: .below(Price(ticks: 9_999_900)), status: .fired,
            createdAt: at(1_795_836_781.2073257), firedAt: at(1_795_836_781.2092433), firedPrice: "139.13",
            firedChangePercent: "0.06"),
        Alert(id: "3", symbol: "KO", condition: .movePercent(50), createdAt: at(1_795_836_781.3619828)),
    ]

    static let pushKey = "LcD5gNuKXvdBifRSJ1pm5nYz9naEvFaiOkY6ksL9iFg"
    static let device = PushSubscriber(
        id: "1", endpoint: "https://push.example.invalid/wpush/v2/ada-phone",
        p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        auth: "BTBZMqHH6r4Tts7J_aSIgg", createdAt: at(1_795_836_780.801392))
    static let pushSettings = PushSettings(alerts: true, fills: true, orders: false)

    /// Oldest first; the first two were seen.
    static let notices = [
        Notice(
            id: "1", kind: .alert, title: "AAPL at or below 99999.00",
            body: "AAPL traded at 139.13 on the exchange (+0.06 % since the last close)", url: "/stocks/AAPL",
            tag: "alert-2", createdAt: at(1_795_836_781.2092433)),
        Notice(
            id: "2", kind: .fill, title: "Bought 10 (AAPL), order 1", body: "bought 10 at 139.06", url: "/exchange",
            tag: "order-1", createdAt: at(1_795_836_782.0112977)),
        Notice(
            id: "3", kind: .order, title: "Order 4 (AAPL) cancelled", body: "buy 3 at 2.00 or less cancelled",
            url: "/exchange", tag: "order-4", createdAt: at(1_795_836_783.4100475)),
        Notice(
            id: "4", kind: .fill, title: "Sold 4 (AAPL), order 5", body: "sold 4 at 139.05", url: "/exchange",
            tag: "order-5", createdAt: at(1_795_836_783.5385423)),
        Notice(
            id: "5", kind: .fill, title: "Bought 2 (AAPL), order 7", body: "bought 2 at 138.97", url: "/exchange",
            tag: "order-7", createdAt: at(1_795_836_785.4064956)),
    ]

    /// In the order they were placed.
    static let orders = [
        Order(
            id: "1", side: .buy, kind: .market, quantity: 10, timeInForce: .ioc, bracket: nil, parentID: nil,
            createdAt: at(1_795_836_782.0112977), status: .filled, filledQuantity: 10, filledTicks: 139_060),
        Order(
            id: "2", side: .buy, kind: .limit(Price(ticks: 100)), quantity: 5, timeInForce: .gtc, bracket: nil,
            parentID: nil, createdAt: at(1_795_836_782.4424996), status: .pending),
        Order(
            id: "3", side: .sell, kind: .stop(Price(ticks: 100)), quantity: 5, timeInForce: .gtc, bracket: nil,
            parentID: nil, createdAt: at(1_795_836_782.8386722), status: .pending, triggered: false),
        Order(
            id: "4", side: .buy, kind: .limit(Price(ticks: 200)), quantity: 3, timeInForce: .gtc, bracket: nil,
            parentID: nil, createdAt: at(1_795_836_783.1018715), status: .cancelled, reason: "cancelled by the user",
            updatedAt: at(1_795_836_783.4100475)),
        Order(
            id: "5", side: .sell, kind: .market, quantity: 4, timeInForce: .ioc, bracket: nil, parentID: nil,
            createdAt: at(1_795_836_783.5385423), status: .filled, filledQuantity: 4, filledTicks: 55_620),
        Order(
            id: "6", side: .sell, kind: .trailingStop(.percent(TrailPercent(25)!)), quantity: 2,
            timeInForce: .gtc, bracket: nil, parentID: nil, createdAt: at(1_795_836_784.5737104), status: .pending,
            triggered: false, trailReference: Price(ticks: 13_904)),
        Order(
            id: "7", side: .buy, kind: .market, quantity: 2, timeInForce: .ioc,
            bracket: Bracket(takeProfit: Price(ticks: 9_999_900), stopLoss: Price(ticks: 100)), parentID: nil,
            createdAt: at(1_795_836_785.4064956), status: .filled, filledQuantity: 2, filledTicks: 27_794),
        Order(
            id: "7.tp", side: .sell, kind: .limit(Price(ticks: 9_999_900)), quantity: 2, timeInForce: .gtc,
            bracket: nil, parentID: "7", createdAt: at(1_795_836_785.4064956), status: .pending),
        Order(
            id: "7.sl", side: .sell, kind: .stop(Price(ticks: 100)), quantity: 2, timeInForce: .gtc, bracket: nil,
            parentID: "7", createdAt: at(1_795_836_785.4064956), status: .pending, triggered: false),
    ]

    static let fills = [
        Fill(
            orderID: "1", seq: 22, time: at(1_795_836_782.0112977), side: .buy, price: Price(ticks: 13_906),
            quantity: 10),
        Fill(
            orderID: "5", seq: 30, time: at(1_795_836_783.5385423), side: .sell, price: Price(ticks: 13_905),
            quantity: 4),
        Fill(
            orderID: "7", seq: 38, time: at(1_795_836_785.4064956), side: .buy, price: Price(ticks: 13_897),
            quantity: 2),
    ]

    /// The market's last answers the old server saved (not personal: they stay as they were).
    static let savedAnswers: [(key: String, bytes: Int, sha256: String, fetchedAt: Double)] = [
        (
            "/v2/aggs/grouped/locale/us/market/stocks/2026-11-25?adjusted=true", 1_170_647,
            "ea050efff75bc6715668eb892c73e7e97fb8a12cadde2133aade3087ee1c3f8d", 1_795_836_771.7211218
        ),
        (
            "/v2/aggs/grouped/locale/us/market/stocks/2026-11-27?adjusted=true", 1_170_607,
            "61ab7a32f814d0abc05b765f9e0e09f811ddb91a8a553a4ff5befb6eb3d9ffe3", 1_795_836_756.6855254
        ),
    ]

    // MARK: The tests

    @Test func theFixtureIsTheSchemaOfThePreviousRelease() throws {
        let copy = try Copy()
        let old = try BourseDatabase(path: copy.path, migratedThrough: Self.previousMigrations.last!)
        #expect(try old.appliedMigrations() == Self.previousMigrations)
        #expect(try old.tableNames().isSuperset(of: ["owner_account", "session", "api_token", "exchange_order"]))
        #expect(try !old.tableNames().contains("account"))
    }

    @Test func todaysCodeMigratesItToTheNewestSchema() throws {
        let copy = try Copy()
        let applied = try BourseDatabase(path: copy.path).appliedMigrations()
        // The newest: every migration a new database gets, in order (whatever today's last one is).
        #expect(applied == (try BourseDatabase().appliedMigrations()))
        #expect(Array(applied.prefix(Self.previousMigrations.count)) == Self.previousMigrations)
        #expect(applied.count > Self.previousMigrations.count)
    }

    @Test func theOwnerIsAccountOneWithTheirNamePasswordTokenAndSession() async throws {
        let copy = try Copy()
        let database = try BourseDatabase(path: copy.path)
        let store = DatabaseAccountStore(database: database)
        #expect(try await store.owner() == Self.owner)
        #expect(try await store.accounts() == [Self.owner])
        #expect(try await store.tokens(of: .owner) == [Self.tokenRecord])
        #expect(try await store.token(hash: Self.tokenRecord.tokenHash) == Self.tokenRecord)
        #expect(try await store.session(idHash: Self.session.idHash) == Self.session)
        #expect(try database.count("session", account: .owner) == 1)
        #expect(try database.count("api_token", account: .owner) == 1)
        #expect(await PasswordHasher().verify(Self.password, hash: try #require(Self.owner.passwordHash)))
    }

    /// The old password signs ada in, the old token and the browser signed in before are ada's,
    /// through the service the server uses (an hour after the old server stopped: the session is
    /// not idle past its 14 days).
    @Test func theOldPasswordTokenAndSessionStillSignTheOwnerIn() async throws {
        let copy = try Copy()
        let database = try BourseDatabase(path: copy.path)
        let later = Self.session.lastSeenAt.addingTimeInterval(3600)
        let accounts = AccountService(store: DatabaseAccountStore(database: database), now: { later })
        #expect(try await accounts.signInRequired())
        let owner = Identity(account: .owner, name: "ada", role: .owner, credential: .session)
        #expect(try await accounts.session(Self.sessionSecret) == owner)
        #expect(
            try await accounts.token(Self.token)
                == Identity(account: .owner, name: "ada", role: .owner, credential: .token(name: "fixture")))
        let secret = try await accounts.signIn(name: "ada", password: Self.password, client: "test")
        #expect(try await accounts.session(secret) == owner)
        await #expect(throws: SignInError.wrongCredentials) {
            try await accounts.signIn(name: "ada", password: "not the password", client: "test")
        }
    }

    @Test func myStocksAlertsDeviceSettingsAndNoticesAreTheOwnersWithTheirIds() async throws {
        let copy = try Copy()
        let database = try BourseDatabase(path: copy.path)
        let notices = DatabaseNotificationStore(database: database)
        #expect(try await DatabaseWatchlistStore(database: database).symbols(of: .owner) == Self.watchlist)
        #expect(try await DatabaseAlertStore(database: database).alerts(of: .owner) == Self.alerts)
        #expect(try await notices.subscribers(of: .owner) == [Self.device])
        #expect(try await notices.pushSettings(of: .owner) == Self.pushSettings)
        let listed = try await notices.notices(of: .owner, limit: 200)
        #expect(listed.notices == Self.notices.reversed())
        #expect(listed.unseen == 3)
        // The key the devices subscribed with is kept: none is made.
        #expect(try await notices.pushKey(orMake: { "a new key" }) == Self.pushKey)
        // The pushes the old server queued (tried once, no network) are still queued for ada's phone.
        let queued = try await notices.dueDeliveries(at: .distantFuture, limit: 100)
        #expect(queued.map(\.id) == ["1", "2", "3", "4"])
        #expect(queued.map(\.notice.id) == ["1", "2", "4", "5"])
        #expect(queued.allSatisfy { $0.subscriber == Self.device && $0.attempts == 1 })
        for (table, rows) in [
            ("watchlist", 4), ("price_alert", 3), ("push_subscription", 1), ("push_setting", 3), ("notice", 5),
        ] {
            #expect(try database.count(table, account: .owner) == rows, "\(table)")
        }
    }

    @Test func everyOrderAndFillIsTheOwnersAndThePositionIsTheOldServers() async throws {
        let copy = try Copy()
        let database = try BourseDatabase(path: copy.path)
        let store = DatabaseOrderStore(database: database)
        #expect(try await store.orders(account: .owner, limit: 1000) == Self.orders.reversed())
        #expect(try await store.openOrders(account: .owner).map(\.id) == ["2", "3", "6", "7.tp", "7.sl"])
        #expect(try await store.openOrders() == (try await store.openOrders(account: .owner)))
        #expect(try await store.fills(account: .owner) == Self.fills)
        #expect(try await store.allFills() == Self.fills)
        #expect(try await store.lastOrderNumber() == 7)
        let (entry, fills) = try #require(try await store.orderWithFills(id: "7", account: .owner))
        #expect(entry == Self.orders[6] && fills == [Self.fills[2]])
        #expect(try database.count("exchange_order", account: .owner) == 9)

        // GET /api/v1/position on the old server, marked at its last trade, 138.99.
        let position = Position(fills: try await store.fills(account: .owner), lastPrice: Price(ticks: 13_899))
        #expect(position.quantity == 8)
        #expect(position.averageCost == "139.0375")
        #expect(position.costBasis == "1112.30")
        #expect(position.realizedPnL == "-0.04")
        #expect(position.marketValue == "1111.92")
        #expect(position.unrealizedPnL == "-0.38")
    }

    @Test func theSavedMarketAnswersAreAsTheyWere() async throws {
        let copy = try Copy()
        let store = DatabaseAnswerStore(database: try BourseDatabase(path: copy.path))
        for saved in Self.savedAnswers {
            let answer = try #require(try await store.answer(for: saved.key))
            #expect(answer.body.count == saved.bytes)
            #expect(Secrets.hash(String(decoding: answer.body, as: UTF8.self)) == saved.sha256)
            #expect(answer.mediaType == nil)
            #expect(answer.fetchedAt == Self.at(saved.fetchedAt))
            #expect(answer.freshUntil == Self.at(1_796_072_400))
        }
    }

    /// What was there goes on: the next alert, notice, order and fill take the ids after the
    /// highest the old server used (alert 4 was removed there: the next is 5).
    @Test func theNextIdsFollowTheOldServers() async throws {
        let copy = try Copy()
        let database = try BourseDatabase(path: copy.path)
        let time = Self.at(1_795_840_000)
        let alerts = try await DatabaseAlertStore(database: database).update(of: .owner) { list, lastID in
            Alerts.adding(AlertRequest(symbol: "KO", condition: .movePercent(3)), to: list, lastID: lastID, at: time)
        }.get()
        #expect(alerts.map(\.id) == ["1", "2", "3", "5"])
        let notices = DatabaseNotificationStore(database: database)
        let posted = try await notices.post(
            for: .owner, Notice(kind: .alert, title: "t", body: "b", url: "/", tag: "x", createdAt: time))
        #expect(posted.id == "6")
        let store = DatabaseOrderStore(database: database)
        let order = Order(id: "8", request: try OrderRequest.limit(.buy, quantity: 1, price: Price(ticks: 100)), createdAt: time)
        try await store.save(
            orders: [order],
            fills: [Fill(orderID: "8", seq: 40, time: time, side: .buy, price: Price(ticks: 100), quantity: 1)])
        #expect(try database.maxFillID() == 4)
        #expect(try await store.lastOrderNumber() == 8)
    }

    /// Everything the stores read of the database, to compare two openings.
    struct Contents: Equatable {
        var accounts: [AccountRecord]
        var tokens: [APITokenRecord]
        var session: SessionRecord?
        var watchlist: [String]
        var alerts: [Alert]
        var devices: [PushSubscriber]
        var settings: PushSettings
        var notices: [Notice]
        var unseen: Int
        var queued: [PushDelivery]
        var orders: [Order]
        var fills: [Fill]

        init(_ database: BourseDatabase) async throws {
            let accountStore = DatabaseAccountStore(database: database)
            let notices = DatabaseNotificationStore(database: database)
            let orders = DatabaseOrderStore(database: database)
            accounts = try await accountStore.accounts()
            tokens = try await accountStore.tokens(of: .owner)
            session = try await accountStore.session(idHash: PreviousReleaseDatabaseTests.session.idHash)
            watchlist = try await DatabaseWatchlistStore(database: database).symbols(of: .owner)
            alerts = try await DatabaseAlertStore(database: database).alerts(of: .owner)
            devices = try await notices.subscribers(of: .owner)
            settings = try await notices.pushSettings(of: .owner)
            let listed = try await notices.notices(of: .owner, limit: 200)
            self.notices = listed.notices
            unseen = listed.unseen
            queued = try await notices.dueDeliveries(at: .distantFuture, limit: 100)
            self.orders = try await orders.orders(account: .owner, limit: 1000)
            fills = try await orders.allFills()
        }
    }

    /// A migrated database opens again as it is: no migration runs, nothing changes.
    @Test func theMigratedDatabaseOpensAgainUnchanged() async throws {
        let copy = try Copy()
        let first = try BourseDatabase(path: copy.path)
        let migrations = try first.appliedMigrations()
        let contents = try await Contents(first)
        try first.close()

        let again = try BourseDatabase(path: copy.path)
        #expect(try again.appliedMigrations() == migrations)
        #expect(try await Contents(again) == contents)
        #expect(contents.orders == Self.orders.reversed() && contents.alerts == Self.alerts)
    }
}
