import BourseCore
import Exchange
import Foundation
import StandIns
import Testing

@testable import ExchangeLive

/// The feed client against the feed stand-in, over real WebSockets on loopback.
@Suite("Feed client")
struct FeedClientTests {
    @Test func receivesConsecutiveTicks() async throws {
        let feed = testFeed()
        try await withFeedServer(feed) { url in
            let log = EventLog(EventLog.client(url))
            try await log.waitForTicks(10)
            await log.stop()
            let seqs = log.ticks.map(\.seq)
            #expect(seqs == Array(seqs[0]...seqs[0] + Int64(seqs.count - 1)))
            // The staleness watchdog runs on the wall clock: on a machine slow enough it may say
            // "stale" before the first tick, which is no fault of the handshake's.
            #expect(log.states.filter { $0 != .stale }.prefix(2) == [.connecting, .live])
            #expect(log.all.allSatisfy { if case .tick = $0 { true } else if case .state = $0 { true } else { false } })
            #expect(log.ticks.allSatisfy { $0.symbol == "AAPL" && $0.bids.count > 0 && $0.asks.count > 0 })
        }
    }

    @Test func severalClientsGetTheSameTicks() async throws {
        let feed = testFeed()
        try await withFeedServer(feed) { url in
            let logs = (0..<4).map { _ in EventLog(EventLog.client(url)) }
            for log in logs { try await log.waitForTicks(10) }
            for log in logs { await log.stop() }
            let bySeq = logs.map { Dictionary(uniqueKeysWithValues: $0.ticks.map { ($0.seq, $0) }) }
            let common = bySeq.map { Set($0.keys) }.reduce(Set(bySeq[0].keys)) { $0.intersection($1) }
            #expect(common.count >= 5)
            for seq in common { #expect(bySeq.allSatisfy { $0[seq] == bySeq[0][seq] }) }
        }
    }

    @Test func aDroppedConnectionIsReconnectedAndTicksFlowAgain() async throws {
        let feed = testFeed()
        try await withFeedServer(feed) { url in
            let log = EventLog(EventLog.client(url))
            try await log.waitForTicks(3)
            let lastBefore = try #require(log.ticks.last?.seq)
            feed.dropConnections()
            let reconnecting = FeedEvent.state(.reconnecting(attempt: 1, retryIn: .milliseconds(250)))
            let dropped = try await log.wait(for: "reconnecting") { $0.contains(reconnecting) }
            let droppedAt = try #require(dropped.firstIndex(of: reconnecting))
            try await log.wait(for: "live again") { $0[droppedAt...].contains(.state(.live)) }
            try await log.waitForTicks(3, after: dropped)
            await log.stop()
            #expect(log.states.contains(.live))
            let after = log.all.dropFirst(dropped.count).compactMap { if case .tick(let tick) = $0 { tick.seq } else { nil } }
            #expect(after.allSatisfy { $0 > lastBefore })
            // A reconnection re-bases the sequence: no gap is reported for ticks missed while away.
            #expect(!log.all.contains { if case .gap = $0 { true } else { false } })
        }
    }

    @Test func aSkippedSeqIsReportedAsAGapThenTheTickIsTaken() async throws {
        let feed = testFeed()
        try await withFeedServer(feed) { url in
            let log = EventLog(EventLog.client(url))
            try await log.waitForTicks(2)
            feed.skipSequenceNumbers(5)
            let events = try await log.wait(for: "a gap and the tick after it") { events in
                guard let gap = events.firstIndex(where: { if case .gap = $0 { true } else { false } }) else { return false }
                return gap + 1 < events.count
            }
            await log.stop()
            let index = try #require(events.firstIndex { if case .gap = $0 { true } else { false } })
            guard case .gap(let expected, let received) = events[index], case .tick(let tick) = events[index + 1] else {
                Issue.record("expected .gap then .tick, got \(events[index...])")
                return
            }
            #expect(received - expected == 5)
            #expect(tick.seq == received)
            #expect(log.states.filter { $0.label == "reconnecting" }.isEmpty)
        }
    }

    @Test func garbageIsReportedAsMalformedAndTheConnectionStays() async throws {
        let feed = testFeed()
        try await withFeedServer(feed) { url in
            let log = EventLog(EventLog.client(url))
            try await log.waitForTicks(2)
            feed.sendGarbage("{\"type\":\"tick\",\"seq\":0}")
            feed.sendGarbage("not JSON at all")
            let events = try await log.wait(for: "two malformed messages") { events in
                events.filter { if case .malformed = $0 { true } else { false } }.count == 2
            }
            try await log.waitForTicks(3, after: events)
            await log.stop()
            let reasons = log.all.compactMap { if case .malformed(let error) = $0 { error.reason } else { nil } }
            #expect(reasons.count == 2)
            #expect(reasons.first?.contains("seq") == true)
            #expect(reasons.last?.hasPrefix("not JSON") == true)
            #expect(log.states.filter { $0.label == "reconnecting" }.isEmpty)
            let seqs = log.ticks.map(\.seq)
            #expect(seqs == Array(seqs[0]...seqs[0] + Int64(seqs.count - 1)))
        }
    }

    @Test func aQuietFeedGoesStaleAndLiveAgainOnTheNextTick() async throws {
        let feed = testFeed()
        try await withFeedServer(feed) { url in
            let log = EventLog(EventLog.client(url, staleAfter: .milliseconds(300)))
            try await log.waitForTicks(2)
            feed.pause()
            let stale = try await log.wait(for: "stale") { $0.last == .state(.stale) }
            feed.resume()
            try await log.wait(for: "live again") { $0.dropFirst(stale.count).contains(.state(.live)) }
            try await log.waitForTicks(2, after: stale)
            await log.stop()
            #expect(log.states.filter { $0.label == "reconnecting" }.isEmpty)
            // A state is reported only when it changes.
            #expect(zip(log.states, log.states.dropFirst()).allSatisfy { $0 != $1 })
        }
    }

    @Test func withNoServerItBacksOffExponentiallyUpToTheMaximum() async throws {
        // A port that was just free: nothing listens there.
        let url = URL(string: "ws://127.0.0.1:1/feed?apiKey=secret")!
        let backoff = FeedBackoff(initial: .milliseconds(10), factor: 2, maximum: .milliseconds(40))
        let log = EventLog(EventLog.client(url, backoff: backoff))
        try await log.wait(for: "five attempts") { $0.count >= 6 }
        await log.stop()
        let expected: [FeedState] = [
            .connecting,
            .reconnecting(attempt: 1, retryIn: .milliseconds(10)), .reconnecting(attempt: 2, retryIn: .milliseconds(20)),
            .reconnecting(attempt: 3, retryIn: .milliseconds(40)), .reconnecting(attempt: 4, retryIn: .milliseconds(40)),
            .reconnecting(attempt: 5, retryIn: .milliseconds(40)),
        ]
        #expect(Array(log.states.prefix(6)) == expected)
    }

    @Test func cancellingTheTaskEndsTheClient() async throws {
        let feed = testFeed()
        try await withFeedServer(feed) { url in
            let log = EventLog(EventLog.client(url))
            try await log.waitForTicks(1)
            await log.stop()  // returns only once run() has returned
            let count = log.all.count
            try await Task.sleep(for: .milliseconds(200))
            #expect(log.all.count == count)
        }
    }
}

@Suite("Feed client parts")
struct FeedClientPartsTests {
    @Test func backoffDoublesUpToItsMaximum() {
        let backoff = FeedBackoff()
        #expect((1...7).map(backoff.delay(attempt:)) == [0.25, 0.5, 1, 2, 4, 5, 5].map { Duration.seconds($0) })
        #expect(backoff.delay(attempt: 1_000) == .seconds(5))
    }

    @Test func sequencerFirstNextGapAndStale() {
        var sequencer = FeedSequencer()
        #expect(sequencer.admit(41) == .first)
        #expect(sequencer.admit(42) == .next)
        #expect(sequencer.admit(45) == .gap(expected: 43))
        #expect(sequencer.admit(45) == .stale(last: 45))
        #expect(sequencer.admit(44) == .stale(last: 45))
        #expect(sequencer.admit(46) == .next)
    }

    @Test(arguments: [
        ("ws://127.0.0.1:8081/feed?apiKey=secret", "ws://127.0.0.1:8081/feed"),
        ("wss://user:pass@feed.example.com/v1/feed?token=abc#x", "wss://feed.example.com/v1/feed"),
        ("ws://localhost/feed", "ws://localhost/feed"),
    ])
    func logsNeverShowTheQuery(url: String, logged: String) {
        #expect(FeedClient.redacted(URL(string: url)!) == logged)
    }

    @Test func stateLabels() {
        #expect(
            [FeedState.connecting, .live, .stale, .reconnecting(attempt: 2, retryIn: .seconds(1))].map(\.label) == [
                "connecting", "live", "stale", "reconnecting",
            ])
    }
}
