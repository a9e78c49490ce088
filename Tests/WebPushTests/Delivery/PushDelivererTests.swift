import BourseCore
import Foundation
import Networking
import Storage
import TestSupport
import Testing
import WebPush

@testable import PushDelivery

/// The push queue sent to a real push service on loopback, from a real SQLite file: what is
/// sent, and what each answer does to the queue and the subscriptions (SPEC.md §11).
@Suite("Push delivery")
struct PushDelivererTests {
    let database: TemporaryDatabase
    let store: DatabaseNotificationStore
    let now = TestNow()

    init() throws {
        database = try TemporaryDatabase()
        store = DatabaseNotificationStore(database: database.database)
    }

    private func deliverer(
        contact: String = "mailto:ops@example.com", store: (any NotificationStore)? = nil,
        logs: CapturedLogs = CapturedLogs()
    ) -> PushDeliverer {
        PushDeliverer(
            store: store ?? self.store,
            sender: PushSender(
                transport: AsyncHTTPClientTransport(client: AsyncHTTPClientTransport.noRedirectClient), contact: contact,
                policy: PushEndpointPolicy(allowPrivate: true), now: now.closure),
            now: now.closure, logger: logs.logger(label: "bourse.push"))
    }

    private func notice(_ kind: NoticeKind = .alert, title: String = "AAPL at or above 150.00") -> Notice {
        Notice(
            kind: kind, title: title, body: "AAPL traded at 150.12", url: "/stocks/AAPL", tag: "alert-1", createdAt: now.date)
    }

    @Test("a message the push service takes: encrypted for the device, signed, and out of the queue")
    func delivered() async throws {
        let service = try await LoopbackPushService.start()
        defer { Task { await service.stop() } }
        let device = service.device()
        _ = try await store.subscribe(for: .owner, device.subscriber)
        let posted = try await store.post(for: .owner, notice())

        #expect(await deliverer().drain() == 1)

        let got = service.received(device.token)
        try #require(got.count == 1)
        let payload = try JSONSerialization.jsonObject(with: Data(device.decrypt(got[0]))) as? [String: String]
        #expect(payload?["id"] == posted.id)
        #expect(payload?["kind"] == "alert")
        #expect(payload?["title"] == "AAPL at or above 150.00")
        #expect(payload?["url"] == "/stocks/AAPL")
        #expect(payload?["tag"] == "alert-1")
        #expect(got[0].headers["content-encoding"] == "aes128gcm")
        #expect(got[0].headers["ttl"] == "86400")
        #expect(got[0].headers["urgency"] == "high")
        let key = try VAPIDKey(rawRepresentationBase64URL: try await store.pushKey(orMake: { "" }))
        #expect(got[0].headers["authorization"]?.hasSuffix(", k=\(key.publicKeyBase64URL)") == true)
        #expect(got[0].headers["authorization"]?.hasPrefix("vapid t=") == true)
        #expect(try await store.nextDue() == nil)
    }

    /// SPEC §14: a push for Ann's alert reaches Ann's devices only, by her settings.
    @Test("a notice is sent to its account's devices only")
    func onlyTheAccountsDevices() async throws {
        let service = try await LoopbackPushService.start()
        defer { Task { await service.stop() } }
        let ann = try await database.database.addPerson("ann")
        let hers = service.device("ann-phone")
        let owners = service.device("owner-phone")
        _ = try await store.subscribe(for: ann, hers.subscriber)
        _ = try await store.subscribe(for: .owner, owners.subscriber)
        try await store.setPushSettings(for: ann, PushSettings(fills: false))
        let posted = try await store.post(for: ann, notice())
        _ = try await store.post(for: ann, notice(.fill, title: "Bought 10, order 3"))

        #expect(await deliverer().drain() == 1)

        let got = service.received(hers.token)
        try #require(got.count == 1)
        let payload = try JSONSerialization.jsonObject(with: Data(hers.decrypt(got[0]))) as? [String: String]
        #expect(payload?["id"] == posted.id)
        #expect(service.received(owners.token).isEmpty)
        #expect(try await store.nextDue() == nil)
    }

    @Test("404 and 410 delete the subscription and what was queued for it", arguments: [404, 410])
    func gone(status: Int) async throws {
        let service = try await LoopbackPushService.start()
        defer { Task { await service.stop() } }
        let leaving = service.device("leaving")
        let staying = service.device("staying")
        _ = try await store.subscribe(for: .owner, leaving.subscriber)
        _ = try await store.subscribe(for: .owner, staying.subscriber)
        service.script("leaving", .init(status: status))
        _ = try await store.post(for: .owner, notice())

        await deliverer().drain()

        #expect(try await store.subscribers(of: .owner).map(\.endpoint) == [staying.subscriber.endpoint])
        #expect(service.received("staying").count == 1)
        #expect(try await store.nextDue() == nil)
    }

    @Test("429 and 5xx are tried again when Retry-After says, then sent", arguments: [429, 500, 503])
    func retriedAfterRetryAfter(status: Int) async throws {
        let service = try await LoopbackPushService.start()
        defer { Task { await service.stop() } }
        let device = service.device()
        _ = try await store.subscribe(for: .owner, device.subscriber)
        service.script(device.token, .init(status: status, retryAfter: "120"))
        _ = try await store.post(for: .owner, notice())
        let sender = deliverer()

        await sender.drain()
        #expect(try await store.nextDue() == now.date.addingTimeInterval(120))
        now.advance(seconds: 119)
        #expect(await sender.drain() == 0)
        now.advance(seconds: 1)
        #expect(await sender.drain() == 1)

        #expect(service.received(device.token).map(\.answeredWith) == [status, 201])
        #expect(try await store.nextDue() == nil)
        #expect(try await store.subscribers(of: .owner).count == 1)
    }

    @Test("without Retry-After the waits grow: 10 s, 30 s, 90 s")
    func backoff() async throws {
        let service = try await LoopbackPushService.start()
        defer { Task { await service.stop() } }
        let device = service.device()
        _ = try await store.subscribe(for: .owner, device.subscriber)
        service.script(device.token, .init(status: 503), .init(status: 503), .init(status: 503))
        _ = try await store.post(for: .owner, notice())
        let sender = deliverer()

        var waits: [TimeInterval] = []
        for _ in 0..<3 {
            await sender.drain()
            let due = try #require(try await store.nextDue())
            waits.append(due.timeIntervalSince(now.date))
            now.set(due)
        }
        #expect(waits == [10, 30, 90])
        await sender.drain()
        #expect(service.received(device.token).count == 4)
        #expect(try await store.nextDue() == nil)
    }

    @Test("a push service that does not answer is tried again later")
    func noAnswer() async throws {
        let device = try await LoopbackPushService.start().device()  // its endpoint, on a closed port:
        let closed = try await LoopbackPushService.start()
        await closed.stop()
        let unreachable = PushSubscriber(
            endpoint: "\(closed.origin)/push/\(device.token)", p256dh: device.subscriber.p256dh,
            auth: device.subscriber.auth, createdAt: now.date)
        _ = try await store.subscribe(for: .owner, unreachable)
        _ = try await store.post(for: .owner, notice())

        await deliverer().drain()

        #expect(try await store.nextDue() == now.date.addingTimeInterval(10))
        #expect(try await store.subscribers(of: .owner).count == 1)
    }

    @Test("any other 4xx drops the message and keeps the subscription", arguments: [400, 403, 413])
    func rejected(status: Int) async throws {
        let service = try await LoopbackPushService.start()
        defer { Task { await service.stop() } }
        let device = service.device()
        _ = try await store.subscribe(for: .owner, device.subscriber)
        service.script(device.token, .init(status: status))
        _ = try await store.post(for: .owner, notice())

        await deliverer().drain()

        #expect(service.received(device.token).count == 1)
        #expect(try await store.nextDue() == nil)
        #expect(try await store.subscribers(of: .owner).count == 1)
    }

    @Test("what was queued when the app stopped is sent once it starts again")
    func survivesRestart() async throws {
        let service = try await LoopbackPushService.start()
        defer { Task { await service.stop() } }
        let device = service.device()
        _ = try await store.subscribe(for: .owner, device.subscriber)
        let posted = try await store.post(for: .owner, notice())  // queued; no sender ran
        try database.database.close()

        let reopened = DatabaseNotificationStore(database: try BourseDatabase(path: database.path))
        #expect(await deliverer(store: reopened).drain() == 1)

        let got = service.received(device.token)
        try #require(got.count == 1)
        let payload = try JSONSerialization.jsonObject(with: Data(device.decrypt(got[0]))) as? [String: String]
        #expect(payload?["id"] == posted.id)
        #expect(try await reopened.nextDue() == nil)
    }

    /// A sender running on its own task, as `serve` runs it, for one device on a loopback push
    /// service; stopped when `body` returns.
    private func withRunningSender(
        _ body: (PushDeliverer, LoopbackPushService, LoopbackPushService.Device) async throws -> Void
    ) async throws {
        let service = try await LoopbackPushService.start()
        defer { Task { await service.stop() } }
        let device = service.device()
        _ = try await store.subscribe(for: .owner, device.subscriber)
        let sender = deliverer()
        let running = Task { await sender.run() }
        defer { running.cancel() }
        try await body(sender, service, device)
    }

    @Test("a running sender sends a posted notice when woken")
    func wake() async throws {
        try await withRunningSender { sender, service, device in
            try await Task.sleep(for: .milliseconds(50))  // the sender is waiting now (an empty queue)

            _ = try await store.post(for: .owner, notice())
            sender.wake()

            #expect(try await service.waitFor(device.token, count: 1).count == 1)
        }
    }

    @Test("a running sender tries a retry again when its time comes, on its own timer")
    func retryTimer() async throws {
        try await withRunningSender { sender, service, device in
            service.script(device.token, .init(status: 503, retryAfter: "1"))
            _ = try await store.post(for: .owner, notice())
            sender.wake()

            #expect(try await service.waitFor(device.token, count: 1).map(\.answeredWith) == [503])
            // The sender waits on its timer for the retry (a second away), then the queue's clock
            // is moved to it: only the timer can send it now, as nothing wakes the sender.
            for _ in 0..<500 where await sender.timersStarted == 0 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(await sender.timersStarted == 1)
            now.set(try #require(try await store.nextDue()))
            #expect(try await service.waitFor(device.token, count: 2).map(\.answeredWith) == [503, 201])
        }
    }

    /// Every notice posted wakes the sender (each order filled or cancelled): a wake must not
    /// start a timer, or each one leaves a sleeping task behind for the length of its wait.
    @Test("wakes share one retry timer: none while nothing is due, one for a retry however many notices come")
    func wakesShareOneTimer() async throws {
        try await withRunningSender { sender, service, device in
            for count in 1...20 {
                _ = try await store.post(for: .owner, notice(title: "notice \(count)"))
                sender.wake()
                _ = try await service.waitFor(device.token, count: count)
            }
            #expect(await sender.timersStarted == 0)

            // One retry an hour off, then 20 more notices sent at once: still one timer.
            service.script(device.token, .init(status: 503, retryAfter: "3600"))
            _ = try await store.post(for: .owner, notice(title: "retried"))
            sender.wake()
            _ = try await service.waitFor(device.token, count: 21)
            for count in 22...41 {
                _ = try await store.post(for: .owner, notice(title: "notice \(count)"))
                sender.wake()
                _ = try await service.waitFor(device.token, count: count)
            }
            // The last notice's delivery leaves the queue just after the push service took it.
            let retryAt = now.date.addingTimeInterval(3600)
            var due = try await store.nextDue()
            for _ in 0..<200 where due != retryAt {
                try await Task.sleep(for: .milliseconds(10))
                due = try await store.nextDue()
            }
            #expect(due == retryAt)
            #expect(await sender.timersStarted == 1)
        }
    }

    @Test("a queue that cannot be read is logged as an error and looked at again on a timer")
    func unreadableQueue() async throws {
        let logs = CapturedLogs()
        try database.database.close()
        let sender = deliverer(logs: logs)
        let running = Task { await sender.run() }
        defer { running.cancel() }

        for _ in 0..<500 where await sender.timersStarted == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await sender.timersStarted == 1)
        #expect(logs.all.contains { $0.hasPrefix("error the push queue could not be read") })
    }

    @Test("a sender stopped in the middle of reading its queue stops without logging an error")
    func stoppedMidRead() async throws {
        let logs = CapturedLogs()
        let store = StopOnReadStore(store)
        let sender = deliverer(store: store, logs: logs)

        await Task { await sender.run() }.value

        #expect(store.reads == 1)
        #expect(await sender.timersStarted == 0)
        #expect(logs.all.filter { $0.hasPrefix("error") } == [])
    }

    @Test("a kind switched off is listed for the bell and not queued")
    func settingsOff() async throws {
        let service = try await LoopbackPushService.start()
        defer { Task { await service.stop() } }
        let device = service.device()
        _ = try await store.subscribe(for: .owner, device.subscriber)
        try await store.setPushSettings(for: .owner, PushSettings(alerts: false))
        _ = try await store.post(for: .owner, notice(.alert))
        _ = try await store.post(for: .owner, notice(.fill, title: "Bought 10, order 3"))

        await deliverer().drain()

        let got = service.received(device.token)
        try #require(got.count == 1)
        let payload = try JSONSerialization.jsonObject(with: Data(device.decrypt(got[0]))) as? [String: String]
        #expect(payload?["kind"] == "fill")
        #expect(try await store.notices(of: .owner, limit: 10).notices.map(\.kind) == [.fill, .alert])
    }

    @Test("an unusable contact drops the message instead of deleting the device")
    func badContact() async throws {
        let service = try await LoopbackPushService.start()
        defer { Task { await service.stop() } }
        let device = service.device()
        _ = try await store.subscribe(for: .owner, device.subscriber)
        _ = try await store.post(for: .owner, notice())

        await deliverer(contact: "not a contact").drain()

        #expect(service.received(device.token).isEmpty)
        #expect(try await store.subscribers(of: .owner).count == 1)
        #expect(try await store.nextDue() == nil)
    }
}
