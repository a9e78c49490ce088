import BourseCore
import Foundation
import TestSupport
import Testing

@testable import Storage

/// The notices, push subscriptions, settings, key and queue in a real SQLite file and a real
/// PostgreSQL database (SPEC §15).
@Suite("Notification store")
struct DatabaseNotificationStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_763_820_000)

    static func notice(_ kind: NoticeKind = .alert, _ title: String = "AAPL at or above 150.00") -> Notice {
        Notice(kind: kind, title: title, body: "body", url: "/stocks/AAPL", tag: "alert-1", createdAt: t0)
    }

    static func subscriber(_ name: String) -> PushSubscriber {
        PushSubscriber(endpoint: "https://push.example/\(name)", p256dh: "p-\(name)", auth: "a-\(name)", createdAt: t0)
    }

    @Test(arguments: DatabaseKind.allCases)
    func theKeyIsMadeOnceEvenWhenAskedForTwiceAtOnce(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let store = database.stores.notifications
        async let first = store.pushKey(orMake: { "key-one" })
        async let second = store.pushKey(orMake: { "key-two" })
        let (one, two) = try await (first, second)
        #expect(one == two)
        let reopened = try await database.reopen().notifications
        #expect(try await reopened.pushKey(orMake: { "key-three" }) == one)
    }

    @Test(arguments: DatabaseKind.allCases)
    func aNoticeIsQueuedForEveryDeviceAndTheSameEndpointIsOneDevice(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let store = database.stores.notifications
        let phone = try await store.subscribe(for: .owner, Self.subscriber("phone"))
        #expect(phone.created)
        _ = try await store.subscribe(for: .owner, Self.subscriber("laptop"))
        let again = try await store.subscribe(
            for: .owner,
            PushSubscriber(endpoint: "https://push.example/phone", p256dh: "new", auth: "new", createdAt: Self.t0))
        #expect(!again.created)
        #expect(again.subscriber.id == phone.subscriber.id)

        let posted = try await store.post(for: .owner, Self.notice())
        let due = try await store.dueDeliveries(at: Self.t0, limit: 10)
        #expect(due.map(\.subscriber.endpoint) == ["https://push.example/phone", "https://push.example/laptop"])
        #expect(due.allSatisfy { $0.notice == posted && $0.attempts == 0 })
        #expect(due.first?.subscriber.p256dh == "new")
    }

    @Test(arguments: DatabaseKind.allCases)
    func aRetryIsDueLaterWithOneMoreAttemptAndFinishingEmptiesTheQueue(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let store = database.stores.notifications
        _ = try await store.subscribe(for: .owner, Self.subscriber("phone"))
        _ = try await store.post(for: .owner, Self.notice())
        let delivery = try #require(try await store.dueDeliveries(at: Self.t0, limit: 10).first)
        try await store.retry(delivery: delivery.id, at: Self.t0.addingTimeInterval(30))

        #expect(try await store.dueDeliveries(at: Self.t0, limit: 10).isEmpty)
        #expect(try await store.nextDue() == Self.t0.addingTimeInterval(30))
        let later = try await store.dueDeliveries(at: Self.t0.addingTimeInterval(30), limit: 10)
        #expect(later.map(\.attempts) == [1])
        try await store.finish(delivery: delivery.id)
        #expect(try await store.nextDue() == nil)
    }

    @Test(arguments: DatabaseKind.allCases)
    func unsubscribingRemovesWhatWasQueuedForTheDevice(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let store = database.stores.notifications
        _ = try await store.subscribe(for: .owner, Self.subscriber("phone"))
        let laptop = try await store.subscribe(for: .owner, Self.subscriber("laptop")).subscriber
        _ = try await store.post(for: .owner, Self.notice())

        #expect(try await store.unsubscribe(for: .owner, endpoint: "https://push.example/phone"))
        #expect(try await !store.unsubscribe(for: .owner, endpoint: "https://push.example/phone"))
        try await store.removeSubscriber(id: laptop.id)

        #expect(try await store.subscribers(of: .owner).isEmpty)
        #expect(try await store.nextDue() == nil)
        #expect(try await store.notices(of: .owner, limit: 10).notices.count == 1)  // the bell keeps it
    }

    @Test(arguments: DatabaseKind.allCases)
    func theSettingsSayWhichKindsAreQueuedAndAreKept(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let store = database.stores.notifications
        #expect(try await store.pushSettings(of: .owner) == PushSettings())
        try await store.setPushSettings(for: .owner, PushSettings(alerts: true, fills: false, orders: false))
        _ = try await store.subscribe(for: .owner, Self.subscriber("phone"))
        _ = try await store.post(for: .owner, Self.notice(.fill))
        _ = try await store.post(for: .owner, Self.notice(.order))
        let alert = try await store.post(for: .owner, Self.notice(.alert))

        #expect(try await store.dueDeliveries(at: Self.t0, limit: 10).map(\.notice) == [alert])
        let reopened = try await database.reopen().notifications
        #expect(try await reopened.pushSettings(of: .owner) == PushSettings(alerts: true, fills: false, orders: false))
    }

    @Test(arguments: DatabaseKind.allCases)
    func theBellKeepsTheNewestTwoHundredAndCountsTheUnseen(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let store = database.stores.notifications
        _ = try await store.subscribe(for: .owner, Self.subscriber("phone"))
        for index in 1...205 { _ = try await store.post(for: .owner, Self.notice(.alert, "notice \(index)")) }

        let (notices, unseen) = try await store.notices(of: .owner, limit: 500)
        #expect(notices.count == 200)
        #expect(notices.first?.title == "notice 205")
        #expect(notices.last?.title == "notice 6")
        #expect(unseen == 200)
        // The queue of the notices dropped went with them.
        #expect(try await store.dueDeliveries(at: Self.t0, limit: 500).count == 200)
        try await store.markSeen(for: .owner)
        #expect(try await store.notices(of: .owner, limit: 3).unseen == 0)
        #expect(try await store.notices(of: .owner, limit: 3).notices.map(\.title) == ["notice 205", "notice 204", "notice 203"])
    }

    /// SPEC §14: a notice is its account's, queued for that account's devices by that account's
    /// settings; another account's device is not found; each bell keeps its own 200.
    @Test(arguments: DatabaseKind.allCases)
    func noticesDevicesAndSettingsAreEachAccountsOwn(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let ann = try await database.addPerson("ann")
        let store = database.stores.notifications
        _ = try await store.subscribe(for: .owner, Self.subscriber("owner-phone"))
        _ = try await store.subscribe(for: ann, Self.subscriber("ann-phone"))
        _ = try await store.subscribe(for: ann, Self.subscriber("ann-laptop"))
        try await store.setPushSettings(for: .owner, PushSettings(alerts: false))

        let hers = try await store.post(for: ann, Self.notice(.alert, "hers"))
        _ = try await store.post(for: .owner, Self.notice(.alert, "the owner's, not pushed"))
        let fill = try await store.post(for: .owner, Self.notice(.fill, "the owner's fill"))

        let due = try await store.dueDeliveries(at: Self.t0, limit: 10)
        #expect(
            due.map(\.subscriber.endpoint) == [
                "https://push.example/ann-phone", "https://push.example/ann-laptop", "https://push.example/owner-phone",
            ])
        #expect(due.map(\.notice) == [hers, hers, fill])
        #expect(try await store.pushSettings(of: ann) == PushSettings())
        #expect(try await store.notices(of: ann, limit: 10).notices.map(\.title) == ["hers"])
        #expect(try await store.notices(of: .owner, limit: 10).unseen == 2)
        try await store.markSeen(for: ann)
        #expect(try await store.notices(of: .owner, limit: 10).unseen == 2)
        #expect(try await store.notices(of: ann, limit: 10).unseen == 0)

        // The owner cannot remove her device, nor see it.
        #expect(try await !store.unsubscribe(for: .owner, endpoint: "https://push.example/ann-phone"))
        #expect(try await store.subscribers(of: .owner).map(\.endpoint) == ["https://push.example/owner-phone"])
        #expect(try await store.subscribers(of: ann).count == 2)

        // The owner's flood of notices leaves hers alone.
        for index in 1...205 { _ = try await store.post(for: .owner, Self.notice(.fill, "fill \(index)")) }
        #expect(try await store.notices(of: .owner, limit: 500).notices.count == 200)
        #expect(try await store.notices(of: ann, limit: 10).notices == [hers])
    }

    /// One browser, two people in turn: the device belongs to the last one who subscribed it,
    /// and nothing queued for the one before reaches it.
    @Test(arguments: DatabaseKind.allCases)
    func aDeviceSubscribedByAnotherAccountMovesToItWithoutWhatWasQueued(kind: DatabaseKind) async throws {
        let database = try await TestDatabase(kind)
        defer { Task { await database.close() } }
        let ann = try await database.addPerson("ann")
        let store = database.stores.notifications
        let first = try await store.subscribe(for: .owner, Self.subscriber("shared"))
        _ = try await store.post(for: .owner, Self.notice(.alert, "the owner's"))

        let moved = try await store.subscribe(
            for: ann, PushSubscriber(endpoint: "https://push.example/shared", p256dh: "ann", auth: "ann", createdAt: Self.t0))

        #expect(moved.created)
        #expect(moved.subscriber.id == first.subscriber.id)
        #expect(try await store.subscribers(of: .owner).isEmpty)
        #expect(try await store.subscribers(of: ann).map(\.p256dh) == ["ann"])
        #expect(try await store.nextDue() == nil)
        let hers = try await store.post(for: ann, Self.notice(.alert, "hers"))
        #expect(try await store.dueDeliveries(at: Self.t0, limit: 10).map(\.notice) == [hers])
    }

    @Test func v9AddsTheNoticesAndPushTablesAfterEveryEarlierMigration() throws {
        let temporary = try TemporaryDatabase()
        let database = temporary.database
        #expect(try database.appliedMigrations().contains("v9: notices and web push"))
        let tables = try database.tableNames()
        for table in ["push_key", "push_subscription", "push_setting", "notice", "push_delivery"] {
            #expect(tables.contains(table), "\(table)")
        }
    }
}
