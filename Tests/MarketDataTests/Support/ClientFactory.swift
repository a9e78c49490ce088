import Foundation
import Logging
import MarketData
import MarketDataLive
import Networking
import Synchronization
import TestSupport

/// A client with every dependency a test can see and drive.
struct TestClient {
    static let apiKey = "sk_TEST_9f8e7d6c5b4a"

    var client: PolygonClient
    var clock: ManualClock
    var now: TestNow
    var cache: RecordingCache
    var logs: CapturedLogs
    var events: EventLog

    /// Daily answers in these tests stay fresh for an hour (a stand-in for the next close).
    static let freshness = FreshnessPolicy.standard(nextClose: { $0.addingTimeInterval(3_600) })

    init(
        baseURL: URL = URL(string: "http://127.0.0.1:9")!,
        transport: any HTTPTransport = AsyncHTTPClientTransport(),
        apiKey: String? = TestClient.apiKey,
        placement: KeyPlacement = .queryParameter,
        requestsPerMinute: Int = 1_000,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 3),
        clock: ManualClock = ManualClock(autoAdvance: true)
    ) {
        self.clock = clock
        now = TestNow()
        cache = RecordingCache()
        logs = CapturedLogs()
        events = EventLog()
        client = PolygonClient(
            configuration: PolygonConfiguration(
                baseURL: baseURL, apiKey: apiKey, keyPlacement: placement,
                requestsPerMinute: requestsPerMinute, retry: retry),
            transport: transport, cache: cache, clock: clock, now: now.closure,
            freshness: Self.freshness, logger: logs.logger(label: "test.polygon"), onEvent: events.record)
    }
}

/// Every event a client reported, in order.
final class EventLog: Sendable {
    private let events = Mutex<[PolygonClientEvent]>([])

    var all: [PolygonClientEvent] { events.withLock { $0 } }

    var record: @Sendable (PolygonClientEvent) -> Void {
        { [self] event in events.withLock { $0.append(event) } }
    }
}
