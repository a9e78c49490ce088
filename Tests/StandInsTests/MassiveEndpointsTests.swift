import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import StandIns
import Synchronization
import Testing

/// The stocks endpoints the official `massive` client calls beyond the five Bourse uses: daily
/// open/close, market status and holidays, snapshots, last trade and last quote.
@Suite("PolygonStandIn: Massive's other stocks endpoints")
struct MassiveEndpointsTests {
    static func app(_ standIn: PolygonStandIn) -> some ApplicationProtocol {
        Application(router: standIn.buildRouter())
    }

    static func small(now: Date = Fixtures.evening) -> PolygonStandIn {
        PolygonStandIn(market: Fixtures.smallMarket(), clock: { now })
    }

    /// The grouped daily's bars of a day, by ticker.
    static func grouped(_ client: some TestClientProtocol, _ date: String) async throws -> [String: JSONValue] {
        let answer = try await Answer.get(client, "/v2/aggs/grouped/locale/us/market/stocks/\(date)")
        let results = try #require(answer.json["results"]?.arrayValue)
        return Dictionary(uniqueKeysWithValues: results.compactMap { bar in bar["T"]?.stringValue.map { ($0, bar) } })
    }

    /// Massive's 404: `{"status":"NOT_FOUND","request_id":…,"message":…}` and no `error`.
    static func expectNotFound(_ answer: Answer, message: String) {
        #expect(answer.status == .notFound)
        #expect(answer.json["status"]?.stringValue == "NOT_FOUND")
        #expect(answer.json["request_id"]?.stringValue?.count == 32)
        #expect(answer.json["message"]?.stringValue == message)
        #expect(answer.json["error"] == nil)
    }

    @Test("open-close: the grouped daily's bar with Massive's fields; preMarket the open, afterHours the close")
    func openClose() async throws {
        try await Self.app(Self.small()).test(.router) { client in
            let answer = try await Answer.get(client, "/v1/open-close/aapl/2025-06-17?adjusted=true")
            #expect(answer.status == .ok)
            let json = answer.json
            #expect(json["status"]?.stringValue == "OK")
            #expect(json["from"]?.stringValue == "2025-06-17")
            #expect(json["symbol"]?.stringValue == "AAPL")
            let bar = try #require(try await Self.grouped(client, "2025-06-17")["AAPL"])
            for (field, key) in [("open", "o"), ("high", "h"), ("low", "l"), ("close", "c"), ("volume", "v")] {
                #expect(json[field] == bar[key], "\(field)")
            }
            #expect(json["preMarket"] == bar["o"])
            #expect(json["afterHours"] == bar["c"])
        }
    }

    @Test(
        "open-close: 404 in Massive's shape for a holiday, a weekend, a day not closed yet, a future day, an unknown ticker",
        arguments: [
            "/v1/open-close/AAPL/2025-06-19", "/v1/open-close/AAPL/2025-06-21", "/v1/open-close/AAPL/2025-06-20",
            "/v1/open-close/AAPL/2030-01-02", "/v1/open-close/NOPE/2025-06-17",
        ])
    func openCloseNotFound(uri: String) async throws {
        let midday = Self.small(now: Fixtures.utc("2025-06-20T16:00:00Z"))  // Friday 12:00, the 20th not closed yet
        try await Self.app(midday).test(.router) { client in
            Self.expectNotFound(try await Answer.get(client, uri), message: "Data not found.")
        }
    }

    @Test(
        "bad parameters are a 400 with Polygon's ERROR body",
        arguments: [
            "/v1/open-close/AAPL/yesterday", "/v1/open-close/AAPL/2025-06-17?adjusted=maybe",
            "/v2/snapshot/locale/us/markets/stocks/sideways", "/v2/snapshot/locale/us/markets/stocks/gainers?include_otc=x",
        ])
    func badParameters(uri: String) async throws {
        try await Self.app(Self.small()).test(.router) { client in
            let answer = try await Answer.get(client, uri)
            #expect(answer.status == .badRequest)
            #expect(answer.json["status"]?.stringValue == "ERROR")
            #expect(answer.json["error"]?.stringValue?.isEmpty == false)
        }
    }

    @Test("one-ticker snapshot: day is the grouped daily's bar, prevDay the day before's, the change between them")
    func tickerSnapshot() async throws {
        try await Self.app(Self.small()).test(.router) { client in
            let answer = try await Answer.get(
                client, "/v2/snapshot/locale/us/markets/stocks/tickers/AAPL", headers: [.authorization: "Bearer key"])
            #expect(answer.status == .ok)
            #expect(answer.json["status"]?.stringValue == "OK")
            #expect(answer.json["request_id"]?.stringValue?.count == 32)
            let ticker = try #require(answer.json["ticker"])
            #expect(ticker["ticker"]?.stringValue == "AAPL")
            let day = try #require(ticker["day"]), previous = try #require(ticker["prevDay"])
            let bar = try #require(try await Self.grouped(client, "2025-06-18")["AAPL"])
            let previousBar = try #require(try await Self.grouped(client, "2025-06-17")["AAPL"])
            for key in ["o", "h", "l", "c", "v", "vw"] {
                #expect(day[key] == bar[key], "day.\(key)")
                #expect(previous[key] == previousBar[key], "prevDay.\(key)")
            }
            let close = try #require(day["c"]?.decimalValue), previousClose = try #require(previous["c"]?.decimalValue)
            #expect(ticker["todaysChange"]?.decimalValue == close - previousClose)
            #expect(
                ticker["todaysChangePerc"]?.decimalValue
                    == (try ((close - previousClose) * 100).divided(by: previousClose, places: 3)))
            let trade = try #require(ticker["lastTrade"]), quote = try #require(ticker["lastQuote"])
            #expect(trade["p"] == day["c"])
            #expect(trade["x"]?.int64Value == 12)  // Nasdaq
            #expect((trade["s"]?.int64Value ?? 0) > 0)
            #expect(trade["i"]?.stringValue?.isEmpty == false)
            let tradeTime = try #require(trade["t"]?.int64Value)
            #expect(tradeTime / 1_000_000_000 == 1_750_276_799)  // 2025-06-18 15:59:59 New York, in nanoseconds
            #expect(ticker["updated"]?.int64Value == tradeTime)
            #expect((quote["p"]?.decimalValue ?? 0) < close)
            #expect((quote["P"]?.decimalValue ?? 0) > close)
            let minute = try #require(ticker["min"])
            #expect(minute["t"]?.int64Value == 1_750_276_740_000)  // 15:59 New York
            #expect(minute["c"] == day["c"])
            #expect(minute["av"] == day["v"])
            for key in ["o", "h", "l", "v", "vw", "n"] { #expect(minute[key] != nil, "min.\(key)") }
            Self.expectNotFound(
                try await Answer.get(client, "/v2/snapshot/locale/us/markets/stocks/tickers/NOPE"), message: "Ticker not found.")
        }
    }

    @Test("all-tickers snapshot: every stock, day.c the grouped daily's close; ?tickers= narrows it")
    func allSnapshots() async throws {
        let friday = Self.small(now: Fixtures.utc("2025-06-20T15:00:00Z"))  // 11:00 on the Friday after Juneteenth
        try await Self.app(friday).test(.router) { client in
            let answer = try await Answer.get(client, "/v2/snapshot/locale/us/markets/stocks/tickers?apiKey=secret")
            #expect(answer.status == .ok)
            #expect(answer.json["count"]?.int64Value == 6)
            let tickers = try #require(answer.json["tickers"]?.arrayValue)
            #expect(tickers.compactMap { $0["ticker"]?.stringValue } == ["AAPL", "BAC", "BRK.B", "FBNK", "SPYX", "ZZZ"])
            let grouped = try await Self.grouped(client, "2025-06-20")  // today so far (11:00)
            let previous = try await Self.grouped(client, "2025-06-18")  // the last completed day
            for snapshot in tickers {
                let symbol = try #require(snapshot["ticker"]?.stringValue)
                #expect(snapshot["day"]?["c"] == grouped[symbol]?["c"], "\(symbol)")
                #expect(snapshot["prevDay"]?["c"] == previous[symbol]?["c"], "\(symbol)")
                #expect(snapshot["lastTrade"]?["p"] == grouped[symbol]?["c"], "\(symbol)")
            }
            let narrowed = try await Answer.get(client, "/v2/snapshot/locale/us/markets/stocks/tickers?tickers=zzz,AAPL,NOPE")
            #expect(narrowed.json["tickers"]?.arrayValue?.compactMap { $0["ticker"]?.stringValue } == ["AAPL", "ZZZ"])
            #expect(narrowed.json["count"]?.int64Value == 2)
        }
    }

    @Test("gainers: 20 rising stocks by todaysChangePerc descending; losers: 20 falling, ascending")
    func directions() async throws {
        let standIn = PolygonStandIn(market: Fixtures.bundledMarket, clock: { Fixtures.evening })
        try await Self.app(standIn).test(.router) { client in
            for (direction, rising) in [("gainers", true), ("losers", false)] {
                let answer = try await Answer.get(client, "/v2/snapshot/locale/us/markets/stocks/\(direction)")
                #expect(answer.status == .ok)
                let tickers = try #require(answer.json["tickers"]?.arrayValue)
                #expect(tickers.count == 20)
                let percents = tickers.compactMap { $0["todaysChangePerc"]?.decimalValue }
                #expect(percents.count == 20)
                #expect(percents == (rising ? percents.sorted(by: >) : percents.sorted(by: <)))
                #expect(percents.allSatisfy { rising ? $0 > 0 : $0 < 0 })
                let one = try #require(tickers.first?["ticker"]?.stringValue)
                let single = try await Answer.get(client, "/v2/snapshot/locale/us/markets/stocks/tickers/\(one)")
                #expect(single.json["ticker"]?["todaysChangePerc"]?.decimalValue == percents.first)
                #expect(single.json["ticker"]?["day"] == tickers.first?["day"])
            }
        }
    }

    @Test("last trade and last quote: the snapshot's trade and quote, Massive's results fields; 404 for an unknown ticker")
    func lastTradeAndQuote() async throws {
        try await Self.app(Self.small()).test(.router) { client in
            let snapshot = try await Answer.get(client, "/v2/snapshot/locale/us/markets/stocks/tickers/BAC").json["ticker"]
            let trade = try await Answer.get(client, "/v2/last/trade/BAC")
            #expect(trade.status == .ok)
            #expect(trade.json["status"]?.stringValue == "OK")
            let results = try #require(trade.json["results"])
            #expect(results["T"]?.stringValue == "BAC")
            #expect(results["p"] == snapshot?["day"]?["c"])
            #expect(results["t"] == snapshot?["lastTrade"]?["t"])
            #expect(results["x"]?.int64Value == 10)  // NYSE
            #expect(results["z"]?.int64Value == 1)
            for key in ["i", "q", "s", "y"] { #expect(results[key] != nil, "\(key)") }
            let quote = try await Answer.get(client, "/v2/last/nbbo/BAC")
            #expect(quote.status == .ok)
            let nbbo = try #require(quote.json["results"])
            #expect(nbbo["T"]?.stringValue == "BAC")
            #expect(nbbo["P"] == snapshot?["lastQuote"]?["P"])
            #expect(nbbo["p"] == snapshot?["lastQuote"]?["p"])
            for key in ["S", "s", "X", "x", "q", "t", "y", "z"] { #expect(nbbo[key] != nil, "\(key)") }
            for uri in ["/v2/last/trade/NOPE", "/v2/last/nbbo/NOPE"] {
                Self.expectNotFound(try await Answer.get(client, uri), message: "Data not found.")
            }
        }
    }

    @Test(
        "market status from the clock and the calendar",
        arguments: [
            ("2025-06-18T15:00:00Z", "open", false, false, "2025-06-18T11:00:00-04:00", "open"),
            ("2025-06-18T12:00:00Z", "extended-hours", true, false, "2025-06-18T08:00:00-04:00", "open"),
            ("2025-06-18T22:00:00Z", "extended-hours", false, true, "2025-06-18T18:00:00-04:00", "open"),
            ("2025-06-19T15:00:00Z", "closed", false, false, "2025-06-19T11:00:00-04:00", "open"),  // Juneteenth
            ("2025-06-21T15:00:00Z", "closed", false, false, "2025-06-21T11:00:00-04:00", "closed"),  // Saturday
            ("2025-12-02T03:00:00Z", "closed", false, false, "2025-12-01T22:00:00-05:00", "open"),
        ])
    func marketStatus(
        instant: String, market: String, earlyHours: Bool, afterHours: Bool, serverTime: String, fx: String
    ) async throws {
        try await Self.app(Self.small(now: Fixtures.utc(instant))).test(.router) { client in
            let answer = try await Answer.get(client, "/v1/marketstatus/now")
            #expect(answer.status == .ok)
            let json = answer.json
            #expect(json["market"]?.stringValue == market)
            #expect(json["earlyHours"]?.boolValue == earlyHours)
            #expect(json["afterHours"]?.boolValue == afterHours)
            #expect(json["serverTime"]?.stringValue == serverTime)
            #expect(json["exchanges"]?["nyse"]?.stringValue == market)
            #expect(json["exchanges"]?["nasdaq"]?.stringValue == market)
            #expect(json["exchanges"]?["otc"]?.stringValue == (market == "open" ? "open" : "closed"))
            #expect(json["currencies"]?["fx"]?.stringValue == fx)
            #expect(json["currencies"]?["crypto"]?.stringValue == "open")
            #expect(json["indicesGroups"]?["s_and_p"]?.stringValue == (market == "open" ? "open" : "closed"))
        }
    }

    @Test("upcoming: the calendar's next closures for each exchange and early closes with their hours, in date order")
    func upcoming() async throws {
        try await Self.app(Self.small()).test(.router) { client in
            let answer = try await Answer.get(client, "/v1/marketstatus/upcoming")
            #expect(answer.status == .ok)
            let rows = try #require(answer.json.arrayValue)
            let first = rows.prefix(6).map {
                [$0["date"]?.stringValue, $0["exchange"]?.stringValue, $0["name"]?.stringValue, $0["status"]?.stringValue]
            }
            #expect(
                first == [
                    ["2025-06-19", "NYSE", "Juneteenth", "closed"], ["2025-06-19", "NASDAQ", "Juneteenth", "closed"],
                    ["2025-06-19", "OTC", "Juneteenth", "closed"],
                    ["2025-07-03", "NYSE", "Independence Day", "early-close"],
                    ["2025-07-03", "NASDAQ", "Independence Day", "early-close"],
                    ["2025-07-04", "NYSE", "Independence Day", "closed"],
                ])
            #expect(rows[3]["open"]?.stringValue == "2025-07-03T13:30:00.000Z")
            #expect(rows[3]["close"]?.stringValue == "2025-07-03T17:00:00.000Z")
            #expect(rows[0]["open"] == nil)
            let dates = rows.compactMap { $0["date"]?.stringValue }
            #expect(dates.count == rows.count)
            #expect(dates == dates.sorted())
            #expect(dates.last.map { $0 <= "2026-06-18" } == true)
            #expect(dates.contains("2025-11-27") && dates.contains("2025-11-28") && dates.contains("2026-01-01"))
        }
    }

    @Test("the new endpoints sit behind the same gate: counted, and refused with 429 over the rate limit")
    func rateLimited() async throws {
        let standIn = PolygonStandIn(market: Fixtures.smallMarket(), rateLimit: 2, clock: { Fixtures.evening })
        try await Self.app(standIn).test(.router) { client in
            let status = try await Answer.get(client, "/v1/marketstatus/now?apiKey=k")
            let trade = try await Answer.get(client, "/v2/last/trade/AAPL", headers: [.authorization: "Bearer k"])
            let refused = try await Answer.get(client, "/v2/last/nbbo/AAPL")
            #expect(status.status == .ok)
            #expect(trade.status == .ok)
            #expect(refused.status == .tooManyRequests)
        }
        #expect(standIn.requestCount == 3)
    }
}
