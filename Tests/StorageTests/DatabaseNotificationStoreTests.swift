import BourseCore
import Foundation
import Testing

@testable import Storage

/// The notices, push subscriptions, settings, key and queue in a real SQLite file.
@Suite("Notification store")
struct DatabaseNotificationStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_763_820_000)

    static func notice(_ kind: NoticeKind = .alert, _ title: String = "AAPL at or above 150.00") -> Notice {
        Notice(kind: kind, title: title, body: "body", url: "/stocks/AAPL", tag: "alert-1", createdAt: t0)
    }

    static func subscriber(_ name: String) -> PushSubscriber {
        PushSubscriber(endpoint: "https://push.example/\(name)", p256dh: "p-\(name)", auth: "a-\(name)", createdAt: t0)
    }

    @Test func theKeyIsMadeOnceEvenWhenAskedForTwiceAtOnce() async throws {
        let path = DatabaseAlertStoreTests.path()
        let store = DatabaseNotificationStore(database: try BourseDatabase(path: path))
        async let first = store.pushKey(orMake: { "key-one" })
        async let second = store.pushKey(orMake: { "key-two" })
        let (one, two) = try await (first, second)
        #expect(one == two)
        let reopened = DatabaseNotificationStore(database: try BourseDatabase(path: path))
        #expect(try await reopened.pushKey(orMake: { "key-three" }) == one)
    }

    @Test func aNoticeIsQueuedForEveryDeviceAndTheSameEndpointIsOneDevice() async throws {
        let store = DatabaseNotificationStore(database: try BourseDatabase(path: DatabaseAlertStoreTests.path()))
        let phone = try await store.subscribe(Self.subscriber("phone"))
        #expect(phone.created)
        _ = try await store.subscribe(Self.subscriber("laptop"))
        let again = try await store.subscribe(
            PushSubscriber(endpoint: "https://push.example/phone", p256dh: "new", auth: "new", createdAt: Self.t0))
        #expect(!again.created)
        #expect(again.subscriber.id == phone.subscriber.id)

        let posted = try await store.post(Self.notice())
        let due = try await store.dueDeliveries(at: Self.t0, limit: 10)
        #expect(due.map(\.subscriber.endpoint) == ["https://push.example/phone", "https://push.example/laptop"])
        #expect(due.allSatisfy { $0.notice == posted && $0.attempts == 0 })
        #expect(due.first?.subscriber.p256dh == "new")
    }

    @Test func aRetryIsDueLaterWithOneMoreAttemptAndFinishingEmptiesTheQueue() async throws {
        let store = DatabaseNotificationStore(database: try BourseDatabase(path: DatabaseAlertStoreTests.path()))
        _ = try await store.subscribe(Self.subscriber("phone"))
        _ = try await store.post(Self.notice())
        let delivery = try #require(try await store.dueDeliveries(at: Self.t0, limit: 10).first)
        try await store.retry(delivery: delivery.id, at: Self.t0.addingTimeInterval(30))

        #expect(try await store.dueDeliveries(at: Self.t0, limit: 10).isEmpty)
        #expect(try await store.nextDue() == Self.t0.addingTimeInterval(30))
        let later = try await store.dueDeliveries(at: Self.t0.addingTimeInterval(30), limit: 10)
        #expect(later.map(\.attempts) == [1])
        try await store.finish(delivery: delivery.id)
        #expect(try await store.nextDue() == nil)
    }

    @Test func unsubscribingRemovesWhatWasQueuedForTheDevice() async throws {
        let store = DatabaseNotificationStore(database: try BourseDatabase(path: DatabaseAlertStoreTests.path()))
        _ = try await store.subscribe(Self.subscriber("phone"))
        let laptop = try await store.subscribe(Self.subscriber("laptop")).subscriber
        _ = try await store.post(Self.notice())

        #expect(try await store.unsubscribe(endpoint: "https://push.example/phone"))
        #expect(try await !store.unsubscribe(endpoint: "https://push.example/phone"))
        try await store.removeSubscriber(id: laptop.id)

        #expect(try await store.subscribers().isEmpty)
        #expect(try await store.nextDue() == nil)
        #expect(try await store.notices(limit: 10).notices.count == 1)  // the bell keeps it
    }

    @Test func theSettingsSayWhichKindsAreQueuedAndAreKept() async throws {
        let path = DatabaseAlertStoreTests.path()
        let store = DatabaseNotificationStore(database: try BourseDatabase(path: path))
        #expect(try await store.pushSettings() == PushSettings())
        try await store.setPushSettings(PushSettings(alerts: true, fills: false, orders: false))
        _ = try await store.subscribe(Self.subscriber("phone"))
        _ = try await store.post(Self.notice(.fill))
        _ = try await store.post(Self.notice(.order))
        let alert = try await store.post(Self.notice(.alert))

        #expect(try await store.dueDeliveries(at: Self.t0, limit: 10).map(\.notice) == [alert])
        let reopened = DatabaseNotificationStore(database: try BourseDatabase(path: path))
        #expect(try await reopened.pushSettings() == PushSettings(alerts: true, fills: false, orders: false))
    }

    @Test func theBellKeepsTheNewestTwoHundredAndCountsTheUnseen() async throws {
        let store = DatabaseNotificationStore(database: try BourseDatabase(path: DatabaseAlertStoreTests.path()))
        _ = try await store.subscribe(Self.subscriber("phone"))
        for index in 1...205 { _ = try await store.post(Self.notice(.alert, "notice \(index)")) }

        let (notices, unseen) = try await store.notices(limit: 500)
        #expect(notices.count == 200)
        #expect(notices.first?.title == "notice 205")
        #expect(notices.last?.title == "notice 6")
        #expect(unseen == 200)
        // The queue of the notices dropped went with them.
        #expect(try await store.dueDeliveries(at: Self.t0, limit: 500).count == 200)
        try await store.markSeen()
        #expect(try await store.notices(limit: 3).unseen == 0)
        #expect(try await store.notices(limit: 3).notices.map(\.title) == ["notice 205", "notice 204", "notice 203"])
    }

    @Test func v9AddsTheNoticesAndPushTablesAfterEveryEarlierMigration() throws {
        let database = try BourseDatabase(path: DatabaseAlertStoreTests.path())
        #expect(try database.appliedMigrations().contains("v9: notices and web push"))
        let tables = try database.tableNames()
        for table in ["push_key", "push_subscription", "push_setting", "notice", "push_delivery"] {
            #expect(tables.contains(table), "\(table)")
        }
    }
}
