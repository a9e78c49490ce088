import BourseCore
import Foundation
import Synchronization
import Testing

@testable import MarketData

/// The charts end on the day the prices are of (SPEC §12, one price per stock per moment): during
/// a session a market priced from grouped daily (end-of-day data: the free tier, the simulated
/// market) charts the last completed day, as its headline's "Close of" does; one priced from
/// snapshots (Massive's paid tiers) charts today's session, as its headline's price is today's.
@Suite("The charts' last day")
struct ChartDayTests {
    /// Tuesday 2026-11-24, 10:35 New York: the session is open, the last completed day is Monday.
    static let tuesdayMorning = Date(timeIntervalSince1970: 1_795_534_500)
    static let monday = MarketDate(year: 2026, month: 11, day: 23)!
    static let tuesday = MarketDate(year: 2026, month: 11, day: 24)!

    /// Records the bars asked for; its snapshots are refused unless `snapshots`.
    final class Recording: MarketDataProvider {
        let asked = Mutex<[AggregatesRequest]>([])
        let snapshotsAllowed: Bool

        init(snapshots: Bool) { snapshotsAllowed = snapshots }

        func tickers(_ query: TickerQuery) async throws(MarketDataError) -> Fetched<TickerPage> {
            throw .unavailable("not in this test")
        }
        func tickerDetails(_ symbol: String) async throws(MarketDataError) -> Fetched<TickerDetails> {
            throw .unavailable("not in this test")
        }
        func aggregates(_ request: AggregatesRequest) async throws(MarketDataError) -> Fetched<[Bar]> {
            asked.withLock { $0.append(request) }
            return Fetched(value: [], fetchedAt: ChartDayTests.tuesdayMorning, isStale: false)
        }
        func groupedDaily(_ date: MarketDate) async throws(MarketDataError) -> Fetched<[String: Bar]> {
            let bar = Bar(start: NewYorkTime.date(of: date, hour: 0), open: 1, high: 2, low: 1, close: 2, volume: 10)
            return Fetched(value: ["AAPL": bar], fetchedAt: ChartDayTests.tuesdayMorning, isStale: false)
        }
        func previousClose(_ symbol: String) async throws(MarketDataError) -> Fetched<Bar?> {
            throw .unavailable("not in this test")
        }
        func snapshots() async throws(MarketDataError) -> Fetched<MarketSnapshot> {
            guard snapshotsAllowed else { throw .notAuthorized("no snapshots on this plan") }
            let bar = Bar(start: NewYorkTime.date(of: tuesday, hour: 0), open: 1, high: 2, low: 1, close: 2, volume: 10)
            return Fetched(
                value: MarketSnapshot(day: tuesday, last: ["AAPL": bar], previous: ["AAPL": bar]),
                fetchedAt: ChartDayTests.tuesdayMorning, isStale: false)
        }
        func snapshot(_ symbol: String) async throws(MarketDataError) -> Fetched<MarketSnapshot> {
            try await snapshots()
        }
    }

    @Test(
        "during the session: grouped daily charts the last completed day, snapshots today",
        arguments: [(false, monday), (true, tuesday)])
    func chartsTheDayThePricesAreOf(snapshots: Bool, day: MarketDate) async throws {
        let provider = Recording(snapshots: snapshots)
        let market = Market(source: .polygon, provider: provider, snapshots: true, now: { Self.tuesdayMorning })
        let quote = try await market.quotes(for: ["AAPL"]).value["AAPL"]
        #expect(quote?.asOf == day, "the headline's day")
        _ = try await market.bars("AAPL", range: .oneDay)
        _ = try await market.bars("AAPL", range: .oneMonth)
        _ = try await market.dailyBars("AAPL", days: 30)
        let asked = provider.asked.withLock { $0 }
        #expect(asked.map(\.to) == [day, day, day])
        #expect(asked.first?.from == day, "1D is that one day")
    }
}
