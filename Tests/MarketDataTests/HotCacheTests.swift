import BourseCore
import Foundation
import Logging
import MarketData
import MarketDataLive
import Networking
import TestSupport
import Testing

@testable import MarketDataLive

/// The hot cache: a fresh answer is served from memory, not read and decoded again from the
/// database; an expired one goes back to the database and the source as before.
@Suite("Hot cache")
struct HotCacheTests {
    @Test func aFreshAnswerComesFromMemoryAndAnExpiredOneDoesNot() async throws {
        let transport = ScriptedTransport([
            .respond(SlowSourceTests.prev(close: "156.80")), .respond(SlowSourceTests.prev(close: "160.25")),
        ])
        let now = TestNow()
        let cache = RecordingCache()
        let client = SlowSourceTests.client(transport, now: now, cache: cache, patience: nil)
        _ = try await client.previousClose("AAPL")
        let readsAfterFirst = cache.lookedUpKeys.count
        for _ in 0..<10 {
            let again = try await client.previousClose("AAPL")
            #expect(again.value?.close.description == "156.80" && !again.isStale)
        }
        #expect(cache.lookedUpKeys.count == readsAfterFirst, "no database read for a fresh answer")
        #expect(transport.calls.count == 1)

        now.advance(seconds: 7200)  // expired: asked of the source again
        let later = try await client.previousClose("AAPL")
        #expect(later.value?.close.description == "160.25")
        #expect(transport.calls.count == 2)
    }

    @Test func aStaleAnswerIsReadFromTheDatabaseOnceWhileTheSourceFails() async throws {
        let transport = ScriptedTransport([
            .respond(SlowSourceTests.prev(close: "156.80")), .fail("connection refused"),
        ])
        let now = TestNow()
        let cache = RecordingCache()
        let client = SlowSourceTests.client(transport, now: now, cache: cache, patience: nil)
        _ = try await client.previousClose("AAPL")
        now.advance(seconds: 7200)  // stale, and the source is down
        let readsBefore = cache.lookedUpKeys.count
        for _ in 0..<10 {
            let again = try await client.previousClose("AAPL")
            #expect(again.value?.close.description == "156.80" && again.isStale)
        }
        #expect(transport.calls.count >= 11, "each ask still tries the source")
        #expect(cache.lookedUpKeys.count == readsBefore, "the stale answer is served from memory, not read again")
    }

    @Test func pastItsAgeAnAnswerIsCheckedAgainstTheDatabaseNotReadAgain() async throws {
        let transport = ScriptedTransport([.respond(SlowSourceTests.prev(close: "156.80"))])
        let now = TestNow()
        let cache = RecordingCache()
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        var configuration = PolygonConfiguration(
            baseURL: URL(string: "http://127.0.0.1:9")!, requestsPerMinute: 1000, patience: nil)
        configuration.hotCacheAge = .milliseconds(20)
        let client = PolygonClient(
            configuration: configuration, transport: transport, cache: cache, clock: ManualClock(autoAdvance: true),
            now: now.closure, freshness: FreshnessPolicy.standard(nextClose: { $0.addingTimeInterval(3600) }),
            logger: quiet)
        _ = try await client.previousClose("AAPL")
        let key = try #require(cache.storedKeys.first)
        let reads = cache.lookedUpKeys.count

        try await Task.sleep(for: .milliseconds(40))  // past the hot cache's age
        let again = try await client.previousClose("AAPL")
        #expect(again.value?.close.description == "156.80" && !again.isStale)
        #expect(cache.datesLookedUp == [key], "its dates are asked for")
        #expect(cache.lookedUpKeys.count == reads, "the unchanged answer is not read and decoded again")

        // Another process saved a newer answer: that one is read.
        try await cache.save(
            SavedAnswer(
                key: key, body: SlowSourceTests.prev(close: "160.25").body, fetchedAt: now.date.addingTimeInterval(1),
                freshUntil: now.date.addingTimeInterval(3600)))
        try await Task.sleep(for: .milliseconds(40))
        let changed = try await client.previousClose("AAPL")
        #expect(changed.value?.close.description == "160.25")
        #expect(cache.lookedUpKeys.count == reads + 1)
        #expect(transport.calls.count == 1)
    }

    @Test func theMemoryIsBounded() {
        let answers = DecodedAnswers(capacity: 10)
        let fresh = Date().addingTimeInterval(3600)
        for index in 0..<25 { answers.keep(index, for: "k\(index)", fetchedAt: Date(), freshUntil: fresh) }
        #expect(answers.count <= 10)
        #expect(answers.kept("k24", as: Int.self)?.value == 24)
        #expect(answers.kept("k24", as: String.self) == nil)
    }
}
