import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import MarketData
import MarketDataLive
import Synchronization
import TestSupport
import Testing

@testable import BourseApp

/// The key statistics of `GET /api/v1/stocks/{symbol}` (SPEC §13) over the real stack, checked
/// against a reference computed here from the simulated market's own bars, with the requests to
/// the source counted: none for what the list fetched, one a day for the year of daily bars (the
/// 1Y chart's own), and on the free tier the statistics on their way rather than late.
@Suite("Key statistics over the real stack", .timeLimit(.minutes(2)))
struct StockStatisticsRoutesTests {
    static let friday = MarketDate(iso: "2026-11-20")!
    static let monday = MarketDate(iso: "2026-11-23")!
    static let keys: Set<String> = [
        "previousClose", "open", "dayHigh", "dayLow", "volume", "averageVolume", "week52High", "week52Low",
        "marketCap", "pending",
    ]

    /// The statistics of `symbol` on `day`, computed from the simulated market's daily bars, each
    /// as JSON text (decimals quoted, volumes whole numbers, `null`).
    static func reference(_ live: LiveMarket, _ symbol: String, on day: MarketDate) throws -> [String: String] {
        let now = live.now.date
        let year = live.market.dailyBars(symbol, from: day.adding(days: -365), through: day, now: now)
        let bar = try #require(year.last)
        let before = try #require(year.dropLast().last)
        // The mean of the last 30 volumes, half-even to a whole share, in integers.
        let volumes = year.suffix(30).map { Int(exactly: $0.volume.doubleApproximation)! }
        let (quotient, remainder) = volumes.reduce(0, +).quotientAndRemainder(dividingBy: volumes.count)
        let up = 2 * remainder > volumes.count || (2 * remainder == volumes.count && quotient % 2 == 1)
        let quoted = { (value: ExactDecimal) in "\"\(value)\"" }
        return [
            "previousClose": quoted(before.close), "open": quoted(bar.open), "dayHigh": quoted(bar.high),
            "dayLow": quoted(bar.low), "volume": "\(Int(exactly: bar.volume.doubleApproximation)!)",
            "averageVolume": "\(quotient + (up ? 1 : 0))", "week52High": quoted(year.map(\.high).max()!),
            "week52Low": quoted(year.map(\.low).min()!),
            "marketCap": live.market.sharesOutstanding(symbol).map { quoted(bar.close * ExactDecimal(Int($0))) } ?? "null",
        ]
    }

    /// A value of an answer as JSON text.
    static func text(_ value: Any?) -> String {
        switch value {
        case let text as String: "\"\(text)\""
        case let number as Int: "\(number)"
        case is NSNull: "null"
        default: "missing"
        }
    }

    /// Checks every statistic of `stats` against `expected`: all in, every key there.
    static func check(_ stats: [String: Any], against expected: [String: String], _ symbol: String) {
        #expect(Set(stats.keys) == keys, "every key, null or not")
        #expect(stats["pending"] as? Bool == false)
        let found = Dictionary(uniqueKeysWithValues: keys.subtracting(["pending"]).map { ($0, text(stats[$0])) })
        #expect(found == expected, "\(symbol)")
    }

    static func stats(_ response: TestResponse) throws -> [String: Any] {
        #expect(response.status == .ok, "\(String(buffer: response.body))")
        return try #require(try json(response)["stats"] as? [String: Any])
    }

    @Test func theStatisticsCostOneRequestADayBesideTheList() async throws {
        let live = try await LiveMarket.start()
        try await Application(router: live.router).test(.router) { client in
            // The list first: its whole-market answers give the day's statistics.
            try await client.execute(uri: "/api/v1/tickers?limit=10", method: .get) { #expect($0.status == .ok) }
            let afterList = live.standIn.requestCount
            for symbol in ["AAPL", "SPY"] {
                let expected = try Self.reference(live, symbol, on: Self.friday)
                let stats = try await client.execute(uri: "/api/v1/stocks/\(symbol)", method: .get) { try Self.stats($0) }
                Self.check(stats, against: expected, symbol)
            }
            // Per stock its details and its year of daily bars: nothing else.
            #expect(live.standIn.requestCount == afterList + 4)
            // The year is the 1Y chart's own answer, and a second view of the page asks for nothing.
            try await client.execute(uri: "/api/v1/stocks/AAPL/bars?range=1Y", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/stocks/AAPL/chart.svg?range=1Y", method: .get) { #expect($0.status == .ok) }
            _ = try await client.execute(uri: "/api/v1/stocks/AAPL", method: .get) { try Self.stats($0) }
            #expect(live.standIn.requestCount == afterList + 4)

            // Monday evening: Monday's whole market, AAPL's details (a day old) and its new year.
            live.now.set(NewYorkTime.date(of: Self.monday, hour: 16, minute: 30))
            let mondayBefore = live.standIn.requestCount
            let expected = try Self.reference(live, "AAPL", on: Self.monday)
            for _ in 0..<2 {
                let stats = try await client.execute(uri: "/api/v1/stocks/AAPL", method: .get) { try Self.stats($0) }
                Self.check(stats, against: expected, "AAPL")
            }
            #expect(live.standIn.requestCount == mondayBefore + 3)
        }
    }

    /// Massive's free tier: 5 requests a minute on a limiter whose minute moves when the test says.
    struct FreeTier {
        let live: LiveMarket
        let clock = StoppedClock()
        let market: Market

        init() async throws {
            live = try await LiveMarket.start()
            let client = PolygonClient(
                configuration: PolygonConfiguration(baseURL: live.baseURL, requestsPerMinute: 5),
                clock: clock, now: live.now.closure)
            market = Market(
                source: .polygon, provider: client, pricingPatience: .milliseconds(300), deadline: .seconds(8),
                now: live.now.closure)
        }

        /// The minute's first 3 requests: the day's prices (as the list fetched them) and AAPL's
        /// details (as its page's first ask did), so that the year comes last, deterministically.
        func spendThreeRequests() async throws {
            _ = try await market.quotes(for: ["AAPL"])
            _ = try await market.tickerDetails("AAPL")
            #expect(live.standIn.requestCount == 3)
        }

        /// Asks for AAPL until its statistics are all in (at most 10 s), and gives them.
        func settledStats(_ client: some TestClientProtocol) async throws -> [String: Any] {
            for _ in 0..<500 {
                let found = try await client.execute(
                    uri: "/api/v1/stocks/AAPL", method: .get
                ) { try StockStatisticsRoutesTests.stats($0) }
                if found["pending"] as? Bool == false { return found }
                try await Task.sleep(for: .milliseconds(20))
            }
            Issue.record("the statistics never came")
            return [:]
        }
    }

    @Test func onTheFreeTierTheYearIsOnItsWayBehindPeopleAndFillsIn() async throws {
        let tier = try await FreeTier()
        let expected = try Self.reference(tier.live, "AAPL", on: Self.friday)
        try await tier.spendThreeRequests()
        try await Application(router: buildRouter(AppFeatures(market: tier.market))).test(.router) { client in
            for _ in 0..<2 {
                let stats = try await client.execute(uri: "/api/v1/stocks/AAPL", method: .get) { try Self.stats($0) }
                // The year waits behind people (the minute's last 2 slots are theirs): what is
                // known now, the rest null and on its way.
                #expect(Set(stats.keys) == Self.keys)
                #expect(stats["pending"] as? Bool == true)
                for key in ["previousClose", "open", "dayHigh", "dayLow", "volume", "marketCap"] {
                    #expect(Self.text(stats[key]) == expected[key], "\(key)")
                }
                for key in ["averageVolume", "week52High", "week52Low"] { #expect(stats[key] is NSNull, "\(key)") }
            }
            #expect(tier.live.standIn.requestCount == 3, "asked twice, the year queued once")

            // A minute later the year is fetched, once, and the next ask has every statistic.
            tier.clock.advance(by: .seconds(61))
            Self.check(try await tier.settledStats(client), against: expected, "AAPL")
            #expect(tier.live.standIn.requestCount == 4)
        }
    }

    @Test func onTheFreeTierTheOneYearChartLiftsTheYearAndSharesIt() async throws {
        let tier = try await FreeTier()
        let expected = try Self.reference(tier.live, "AAPL", on: Self.friday)
        try await tier.spendThreeRequests()
        try await Application(router: buildRouter(AppFeatures(market: tier.market))).test(.router) { client in
            let stats = try await client.execute(uri: "/api/v1/stocks/AAPL", method: .get) { try Self.stats($0) }
            #expect(stats["pending"] as? Bool == true)
            // Someone opens the 1Y chart: the same request, lifted to theirs, sent within the minute.
            try await client.execute(uri: "/api/v1/stocks/AAPL/bars?range=1Y", method: .get) { response in
                #expect(response.status == .ok)
                let bars = try json(response)["bars"] as? [Any]
                #expect(bars?.count ?? 0 > 240)
            }
            Self.check(try await tier.settledStats(client), against: expected, "AAPL")
            #expect(tier.live.standIn.requestCount == 4, "the chart and the statistics shared one request")
        }
    }
}

/// The rate limiter's time, stopped until the test moves it: a sleep returns once `advance`
/// has reached its deadline.
final class StoppedClock: SleepingClock {
    private struct State {
        var now: Duration = .zero
        var sleepers: [(deadline: Duration, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    func now() -> Duration { state.withLock { $0.now } }

    func sleep(until deadline: Duration) async throws {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if deadline <= state.now { return true }
                state.sleepers.append((deadline, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    func advance(by duration: Duration) {
        let woken = state.withLock { state in
            state.now += duration
            let now = state.now
            let woken = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return woken
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }
}
