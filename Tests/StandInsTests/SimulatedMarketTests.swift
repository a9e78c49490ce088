import BourseCore
import Foundation
import StandIns
import Testing

@Suite("SimulatedMarket")
struct SimulatedMarketTests {
    let market = Fixtures.smallMarket()

    @Test("the same symbol and day give the same bars in a separate market")
    func deterministic() {
        let other = Fixtures.smallMarket()
        for symbol in ["AAPL", "ZZZ", "BRK.B"] {
            let day = Fixtures.day("2025-06-17")
            #expect(
                market.minuteBars(symbol, on: day, now: Fixtures.evening)
                    == other.minuteBars(symbol, on: day, now: Fixtures.evening))
            #expect(
                market.dailyBars(symbol, from: Fixtures.day("2025-01-01"), through: day, now: Fixtures.evening)
                    == other.dailyBars(symbol, from: Fixtures.day("2025-01-01"), through: day, now: Fixtures.evening))
        }
    }

    @Test(
        "a daily bar is the aggregate of its minute bars",
        arguments: [("AAPL", "2025-06-17"), ("ZZZ", "2025-06-18"), ("SPYX", "2025-07-03"), ("BRK.B", "2025-11-28")])
    func dailyMatchesMinutes(symbol: String, date: String) throws {
        let minutes = market.minuteBars(symbol, on: Fixtures.day(date), now: Fixtures.utc("2026-01-01T00:00:00Z"))
        let daily = try #require(market.dailyBar(symbol, on: Fixtures.day(date), now: Fixtures.utc("2026-01-01T00:00:00Z")))
        let first = try #require(minutes.first), last = try #require(minutes.last)
        #expect(daily.open == first.open)
        #expect(daily.close == last.close)
        #expect(daily.high == minutes.map(\.high).max())
        #expect(daily.low == minutes.map(\.low).min())
        #expect(daily.volume == ExactDecimal.sum(minutes.map(\.volume)))
        #expect(daily.start == NewYorkTime.date(of: Fixtures.day(date), hour: 0))
    }

    @Test("minute bars run from 09:30 to the close: 390 a day, 210 on an early close")
    func sessionLength() throws {
        let regular = market.minuteBars("AAPL", on: Fixtures.day("2025-06-17"), now: Fixtures.evening)
        #expect(regular.count == 390)
        #expect(regular.first?.start == Fixtures.utc("2025-06-17T13:30:00Z"))
        #expect(regular.last?.start == Fixtures.utc("2025-06-17T19:59:00Z"))
        let early = market.minuteBars("AAPL", on: Fixtures.day("2025-07-03"), now: Fixtures.utc("2025-07-04T00:00:00Z"))
        #expect(early.count == 210)
        #expect(early.last?.start == Fixtures.utc("2025-07-03T16:59:00Z"))
        for (a, b) in zip(regular, regular.dropFirst()) {
            #expect(b.start.timeIntervalSince(a.start) == 60)
            #expect(b.open == a.close)
        }
    }

    @Test("no bars on weekends and holidays", arguments: ["2025-06-14", "2025-06-15", "2025-06-19", "2025-12-25"])
    func closedDays(date: String) {
        let later = Fixtures.utc("2026-02-01T00:00:00Z")
        #expect(market.minuteBars("AAPL", on: Fixtures.day(date), now: later).isEmpty)
        #expect(market.dailyBar("AAPL", on: Fixtures.day(date), now: later) == nil)
        #expect(market.groupedDaily(on: Fixtures.day(date), now: later).isEmpty)
    }

    @Test("minutes after now do not exist yet; the day's bar so far ends at the last minute")
    func partialDay() throws {
        let now = Fixtures.utc("2025-06-18T18:00:30Z")  // 14:00:30 EDT
        let minutes = market.minuteBars("AAPL", on: Fixtures.day("2025-06-18"), now: now)
        #expect(minutes.count == 270)  // 09:30 through 13:59
        let partial = try #require(market.dailyBar("AAPL", on: Fixtures.day("2025-06-18"), now: now))
        #expect(partial.close == minutes.last?.close)
        #expect(partial.volume == ExactDecimal.sum(minutes.map(\.volume)))
        // The same minutes, seen later, are unchanged.
        let full = market.minuteBars("AAPL", on: Fixtures.day("2025-06-18"), now: Fixtures.evening)
        #expect(Array(full.prefix(270)) == minutes)
        // Grouped daily agrees with the daily bar at every instant, during the session too.
        let grouped = market.groupedDaily(on: Fixtures.day("2025-06-18"), now: now)
        #expect(grouped.first { $0.symbol == "AAPL" }?.bar == partial)
        #expect(grouped.count == market.listings.count)
        #expect(market.minuteBars("AAPL", on: Fixtures.day("2025-06-18"), now: Fixtures.utc("2025-06-18T13:30:59Z")).isEmpty)
        #expect(market.groupedDaily(on: Fixtures.day("2025-06-18"), now: Fixtures.utc("2025-06-18T13:30:59Z")).isEmpty)
        #expect(market.dailyBar("AAPL", on: Fixtures.day("2025-06-20"), now: now) == nil)
    }

    @Test("prices are positive whole cents, high and low bound open and close, volumes whole shares")
    func barSanity() {
        let bars =
            market.dailyBars("ZZZ", from: Fixtures.day("2024-06-01"), through: Fixtures.day("2025-06-18"), now: Fixtures.evening)
            + market.minuteBars("SPYX", on: Fixtures.day("2025-06-18"), now: Fixtures.evening)
        #expect(bars.count > 390)
        for bar in bars {
            for price in [bar.open, bar.high, bar.low, bar.close] {
                #expect(price.scale == 2)
                #expect(price.signum > 0)
            }
            #expect(bar.high >= max(bar.open, bar.close))
            #expect(bar.low <= min(bar.open, bar.close))
            #expect(bar.volume.scale == 0 && bar.volume.signum > 0)
        }
    }

    @Test("a measured symbol stays near its real level and moves like its real volatility")
    func realisticLevels() throws {
        let bars = market.dailyBars(
            "AAPL", from: Fixtures.day("2023-06-01"), through: Fixtures.day("2025-06-18"), now: Fixtures.evening)
        #expect(bars.count > 500)
        let closes = bars.map(\.close.doubleApproximation)
        #expect(closes.allSatisfy { $0 > 159.54 / 3 && $0 < 159.54 * 3 })
        let returns = zip(closes, closes.dropFirst()).map { log($1 / $0) }
        let mean = returns.reduce(0, +) / Double(returns.count)
        let sd = (returns.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(returns.count - 1)).squareRoot()
        #expect(sd > 0.006 && sd < 0.025, "daily volatility \(sd)")
        // Each day opens near the previous close.
        for (a, b) in zip(bars, bars.dropFirst()) {
            #expect(abs(log(b.open.doubleApproximation / a.close.doubleApproximation)) < 0.05)
        }
    }

    @Test("grouped daily has every symbol, sorted, and agrees with each symbol's daily bar")
    func grouped() throws {
        let day = Fixtures.day("2025-06-17")
        let grouped = market.groupedDaily(on: day, now: Fixtures.evening)
        #expect(grouped.map(\.symbol) == ["AAPL", "BAC", "BRK.B", "FBNK", "SPYX", "ZZZ"])
        for entry in grouped {
            #expect(entry.bar == market.dailyBar(entry.symbol, on: day, now: Fixtures.evening))
        }
        // A second call (from the cache) is the same.
        #expect(market.groupedDaily(on: day, now: Fixtures.evening) == grouped)
    }

    @Test("the bundled market prices about 11,100 symbols for a day")
    func bundledGrouped() throws {
        let market = Fixtures.bundledMarket
        let grouped = market.groupedDaily(on: Fixtures.day("2025-06-16"), now: Fixtures.evening)
        #expect(grouped.count == market.listings.count)
        #expect((11_000...11_200).contains(grouped.count))
        let sample = try #require(grouped.first { $0.symbol == "MSFT" })
        #expect(sample.bar == market.dailyBar("MSFT", on: Fixtures.day("2025-06-16"), now: Fixtures.evening))
    }

    @Test("descriptions use the real facts where known and always say the prices are simulated")
    func descriptions() throws {
        let apple = try #require(market.description(for: "AAPL"))
        #expect(apple.contains("Technology Hardware, Storage & Peripherals"))
        #expect(apple.contains("Information Technology"))
        #expect(apple.contains("Cupertino, California"))
        #expect(apple.contains("1977"))
        #expect(apple.contains("NASDAQ"))
        let etf = try #require(market.description(for: "SPYX"))
        #expect(etf.contains("exchange-traded fund"))
        #expect(etf.contains("NYSE American"))
        for text in [apple, etf, try #require(market.description(for: "ZZZ"))] {
            #expect(text.contains("simulated"))
        }
        #expect(market.description(for: "NOPE") == nil)
    }
}
