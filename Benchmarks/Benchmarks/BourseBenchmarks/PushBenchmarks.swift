import AlertsFeature
import Benchmark
import BourseApp
import BourseCore
import Crypto
import Foundation
import Networking
import NotificationsFeature
import PushDelivery
import Storage
import WebPush

/// From a feed tick that meets an alert to the push request leaving (issue 20: p99 under
/// 100 ms), on a real SQLite file (`synchronous = FULL`): the alert checked and stored as fired,
/// the notice stored and queued, the sender woken, the queue read, the message encrypted and
/// signed, the POST handed to the transport. The baseline is the last step alone, the same
/// message encrypted, signed and handed to the same transport with no alert, no database and no
/// queue: the ratio is what checking, keeping and queueing cost. One push per iteration; the
/// transport answers 201 at once (the push service's network time is not Bourse's).
enum PushBenchmarks {
    /// Counts the POSTs; a waiter is let go when the count reaches its number.
    actor Posts {
        private var count = 0
        private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

        func posted() {
            count += 1
            let ready = waiters.filter { $0.0 <= count }
            waiters.removeAll { $0.0 <= count }
            for (_, waiter) in ready { waiter.resume() }
        }

        var total: Int { count }

        func wait(until number: Int) async {
            guard count < number else { return }
            await withCheckedContinuation { waiters.append((number, $0)) }
        }
    }

    struct Transport: HTTPPostTransport {
        let posts: Posts
        func post(_ url: URL, headers: [String: String], body: [UInt8]) async throws(TransportError) -> TransportResponse {
            await posts.posted()
            return TransportResponse(status: 201, body: [])
        }
    }

    struct Fixture: Sendable {
        let alerts: PriceAlerts
        let alertID: String
        let posts: Posts
        let sender: PushSender
        let delivery: PushDelivery
        let key: VAPIDKey

        static func make() async throws -> Fixture {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("bourse-push-bench-\(UUID()).sqlite").path
            let database = try BourseDatabase(path: path)
            let store = DatabaseNotificationStore(database: database)
            let device = P256.KeyAgreement.PrivateKey()
            let subscriber = PushSubscriber(
                endpoint: "https://push.example/bench", p256dh: Base64URL.encode(device.publicKey.x963Representation),
                auth: Base64URL.encode((0..<16).map { UInt8($0) }), createdAt: Date())
            _ = try await store.subscribe(for: .owner, subscriber)
            let posts = Posts()
            let sender = PushSender(transport: Transport(posts: posts))
            let deliverer = PushDeliverer(store: store, sender: sender)
            Task.detached { await deliverer.run() }
            let notifier = Notifier(store: store, wake: { deliverer.wake() })
            let alerts = PriceAlerts(store: DatabaseAlertStore(database: database), listings: nil, notifier: notifier)
            let alert = try await alerts.add(AlertRequest(symbol: "AAPL", condition: .above(Price(ticks: 10_100))), for: .owner)
            let key = try VAPIDKey(rawRepresentationBase64URL: try await store.pushKey(orMake: { "" }))
            let notice = Notice(
                id: "1", kind: .alert, title: "AAPL at or above 101.00", body: "AAPL traded at 102.00", url: "/stocks/AAPL",
                tag: "alert-1", createdAt: Date())
            return Fixture(
                alerts: alerts, alertID: alert.id, posts: posts, sender: sender,
                delivery: PushDelivery(id: "1", notice: notice, subscriber: subscriber, attempts: 0), key: key)
        }
    }

    nonisolated(unsafe) static var fixture: Task<Fixture, any Error>?

    static func register() {
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 5, maxDuration: .seconds(20),
            maxIterations: 1_000)
        Benchmark("Push: a tick meeting an alert to the push request leaving (bourse)", configuration: configuration) {
            benchmark in
            if fixture == nil { fixture = Task { try await Fixture.make() } }
            let fixture = try await fixture!.value
            // Not measured: the alert armed again while the last price (100.00) is under it.
            _ = await fixture.alerts.observe([tick(price: "100.00")])
            _ = try await fixture.alerts.change(
                fixture.alertID, to: AlertRequest(symbol: nil, condition: .above(Price(ticks: 10_100))), for: .owner)
            let before = await fixture.posts.total
            benchmark.startMeasurement()
            let fired = await fixture.alerts.observe([tick(price: "102.00")])
            await fixture.posts.wait(until: before + 1)
            benchmark.stopMeasurement()
            precondition(fired.count == 1)
        }
        Benchmark("Push: a tick meeting an alert to the push request leaving (baseline)", configuration: configuration) {
            benchmark in
            if fixture == nil { fixture = Task { try await Fixture.make() } }
            let fixture = try await fixture!.value
            // Quiet: no queued message may be in flight while the direct send is timed.
            try await Task.sleep(for: .milliseconds(2))
            benchmark.startMeasurement()
            let (outcome, _) = await fixture.sender.send(fixture.delivery, key: fixture.key)
            benchmark.stopMeasurement()
            precondition(outcome == .delivered)
        }
    }

    static func tick(price: String) -> PriceAlerts.Observation {
        PriceAlerts.Observation(symbol: "AAPL", price: try! ExactDecimal(parsing: price), changePercent: nil, time: Date())
    }
}
