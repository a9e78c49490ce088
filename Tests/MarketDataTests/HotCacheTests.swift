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

    @Test func theMemoryIsBounded() {
        let answers = DecodedAnswers(capacity: 10)
        let fresh = Date().addingTimeInterval(3600)
        for index in 0..<25 { answers.keep(index, for: "k\(index)", fetchedAt: Date(), freshUntil: fresh) }
        #expect(answers.count <= 10)
        #expect(answers.fresh("k24", as: Int.self, now: Date())?.value == 24)
        #expect(answers.fresh("k24", as: String.self, now: Date()) == nil)
    }
}
