import BourseCore
import Foundation
import Networking
import Storage
import TestSupport
import Testing

@testable import MarketData
@testable import MarketDataLive

/// SPEC §15, "one rate limit for all": instances on one database count their sends to the source
/// together, so across all of them never more than the limit goes in any minute, and background
/// work still leaves people the last slots.
@Suite("One rate limit for every instance", .hangLimit)
struct SharedBudgetTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// An instance's client: its own limiter (5 a minute), the database's ledger, the shared clock.
    static func instance(
        _ transport: RoutedTransport, _ ledger: any SendLedger, _ clock: ManualClock,
        cache: any AnswerStore = RecordingCache()
    ) -> PolygonClient {
        PolygonClient(
            configuration: PolygonConfiguration(apiKey: TestClient.apiKey, requestsPerMinute: 5),
            transport: transport, cache: cache, clock: clock, freshness: TestClient.freshness, sends: ledger,
            sendsAnchor: start)
    }

    @Test(arguments: DatabaseKind.allCases)
    func aRequestAnotherInstanceIsSendingIsNotSentAgain(kind: DatabaseKind) async throws {
        try await TestDatabase.with(kind) { database in
            let transport = FreeTierTests.routed()
            transport.hold(pathsStartingWith: "/v3/")
            let clock = ManualClock()
            let other = try await database.reopen()
            // Each instance on its own connections, both on the database's saved answers.
            let first = Self.instance(transport, database.stores.sends, clock, cache: database.stores.answers)
            let second = Self.instance(transport, other.sends, clock, cache: other.answers)

            let one = Task { try await first.tickerDetails("AAPL") }
            for _ in 0..<500 where transport.calls.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
            // The first instance's request is on its way: the second waits for its saved answer.
            let two = Task { try await second.tickerDetails("AAPL") }
            await clock.waitForSleepers(1)
            transport.release()
            #expect(try await one.value.value.name == "Apple Inc.")
            clock.advance(by: .milliseconds(200))
            #expect(try await two.value.value.name == "Apple Inc.")
            #expect(transport.calls.count == 1, "the same request sent twice: \(transport.calls)")
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func theLedgerSaysWhenAnotherInstanceSentTheSameRequestMomentsAgo(kind: DatabaseKind) async throws {
        try await TestDatabase.with(kind) { (database: TestDatabase) async throws in
            let ledger = database.stores.sends
            let t0 = Self.start
            #expect(try await ledger.take(source: "s", key: "/v3/a", capacity: 5, window: 60, at: t0) == .granted)
            #expect(try await ledger.take(source: "s", key: "/v3/a", capacity: 5, window: 60, at: t0 + 9) == .sentElsewhere)
            #expect(try await ledger.take(source: "s", key: "/v3/b", capacity: 5, window: 60, at: t0 + 9) == .granted)
            #expect(try await ledger.take(source: "other", key: "/v3/a", capacity: 5, window: 60, at: t0 + 9) == .granted)
            // After a moment, a stale answer may be fetched again; the budget still counts both.
            #expect(try await ledger.take(source: "s", key: "/v3/a", capacity: 5, window: 60, at: t0 + 11) == .granted)
            #expect(try await ledger.take(source: "s", key: nil, capacity: 3, window: 60, at: t0 + 12) == .freeAt(t0 + 60))
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func twoInstancesSendFiveInAMinuteBetweenThem(kind: DatabaseKind) async throws {
        try await TestDatabase.with(kind) { database in
            let transport = FreeTierTests.routed()
            let clock = ManualClock()
            let first = Self.instance(transport, database.stores.sends, clock)
            let second = Self.instance(transport, try await database.reopen().sends, clock)

            // Four stocks each: each instance's own limiter would let all four go at once.
            let asked =
                ["AAPL", "MSFT", "KO", "IBM"].map { symbol in Task { try await first.tickerDetails(symbol) } }
                + ["NVDA", "AMZN", "META", "TSLA"].map { symbol in Task { try await second.tickerDetails(symbol) } }
            await clock.waitForSleepers(3)
            // Three wait for the next minute; the other five may still be on their way out.
            for _ in 0..<200 where transport.calls.count < 5 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(transport.calls.count == 5, "five sent in the first minute, by both together")

            clock.advance(by: .seconds(60))
            for task in asked { #expect(try await task.value.value.name == "Apple Inc.") }
            #expect(transport.calls.count == 8)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func theLedgerCountsAWindowAndLeavesPeopleTheirSlots(kind: DatabaseKind) async throws {
        try await TestDatabase.with(kind) { database in
            let ledger = database.stores.sends
            let t0 = Self.start
            // Background work may fill 3 of 5; a person the last 2.
            for second in 0..<3 {
                #expect(try await ledger.take(source: "s", capacity: 3, window: 60, at: t0 + Double(second)) == nil)
            }
            #expect(try await ledger.take(source: "s", capacity: 3, window: 60, at: t0 + 3) == t0 + 60)
            #expect(try await ledger.take(source: "s", capacity: 5, window: 60, at: t0 + 3) == nil)
            #expect(try await ledger.take(source: "s", capacity: 5, window: 60, at: t0 + 4) == nil)
            #expect(try await ledger.take(source: "s", capacity: 5, window: 60, at: t0 + 5) == t0 + 60)
            // Another source has its own count.
            #expect(try await ledger.take(source: "other", capacity: 1, window: 60, at: t0 + 5) == nil)
            // The first send settled later (its answer came at 30 s): it holds a slot until 90 s,
            // after the others (2 s to 4 s) have left.
            try await ledger.settle(source: "s", taken: t0, at: t0 + 30)
            #expect(try await ledger.take(source: "s", capacity: 1, window: 60, at: t0 + 61) == t0 + 90)
            #expect(try await ledger.take(source: "s", capacity: 5, window: 60, at: t0 + 61) == nil)
        }
    }
}
