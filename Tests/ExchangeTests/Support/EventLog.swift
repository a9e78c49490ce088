import BourseCore
import Exchange
import ExchangeLive
import FeedProviders
import Foundation
import Logging
import Synchronization
import Testing

/// Runs a `FeedClient` and keeps every event it reports, for the checks.
final class EventLog: Sendable {
    private let events = Mutex<[FeedEvent]>([])
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// Starts `client`; `stop()` cancels it.
    init(_ client: FeedClient) {
        weak let log = self
        let task = Task {
            await client.run { event in log?.events.withLock { $0.append(event) } }
        }
        self.task.withLock { $0 = task }
    }

    static func client(
        _ url: URL, dialect: (any FeedDialect)? = nil, staleAfter: Duration = .seconds(3),
        backoff: FeedBackoff = FeedBackoff(), refusalRetry: Duration = .seconds(60)
    ) -> FeedClient {
        var logger = Logger(label: "test.feed-client")
        logger.logLevel = .critical
        return FeedClient(
            url: url, dialect: dialect,
            configuration: .init(staleAfter: staleAfter, backoff: backoff, refusalRetry: refusalRetry), logger: logger)
    }

    var all: [FeedEvent] { events.withLock { $0 } }

    var ticks: [FeedTick] {
        all.compactMap { if case .tick(let tick) = $0 { tick } else { nil } }
    }

    var states: [FeedState] {
        all.compactMap { if case .state(let state) = $0 { state } else { nil } }
    }

    /// Waits until `condition` holds for the events so far. The timeout only keeps a broken
    /// build from hanging; it is generous (test tasks can wait long for a thread on a loaded
    /// machine) and never what a test checks.
    @discardableResult
    func wait(
        for what: String, timeout: Duration = .seconds(120), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: ([FeedEvent]) -> Bool
    ) async throws -> [FeedEvent] {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let snapshot = all
            if condition(snapshot) { return snapshot }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("timed out waiting for \(what); events: \(all.suffix(8))", sourceLocation: sourceLocation)
        throw FeedTestError.timedOut(what)
    }

    /// The refusals reported, in order.
    var refusals: [FeedRefusal] { states.compactMap(\.refusal) }

    /// Waits until `count` refusals have been reported.
    func waitForRefusals(_ count: Int = 1) async throws {
        try await wait(for: "\(count) refusals") { events in
            events.filter { if case .state(.refused) = $0 { true } else { false } }.count >= count
        }
    }

    /// Waits for `count` more ticks than there are now.
    func waitForTicks(_ count: Int, after events: [FeedEvent]? = nil) async throws {
        let base = (events ?? all).count
        try await wait(for: "\(count) more ticks") { all in
            all.dropFirst(base).filter { if case .tick = $0 { true } else { false } }.count >= count
        }
    }

    /// Cancels the client and waits for it to end.
    func stop() async {
        let task = task.withLock { $0 }
        task?.cancel()
        await task?.value
    }
}
