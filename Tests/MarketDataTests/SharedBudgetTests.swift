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
    static func instance(_ transport: RoutedTransport, _ ledger: any SendLedger, _ clock: ManualClock) -> PolygonClient {
        PolygonClient(
            configuration: PolygonConfiguration(apiKey: TestClient.apiKey, requestsPerMinute: 5),
            transport: transport, cache: RecordingCache(), clock: clock, freshness: TestClient.freshness, sends: ledger,
            sendsAnchor: start)
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
