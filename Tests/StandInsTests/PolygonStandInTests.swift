import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import StandIns
import Synchronization
import Testing

/// An answer read back: status, raw text and parsed JSON.
struct Answer {
    let status: HTTPResponse.Status
    let text: String
    let json: JSONValue

    static func get(_ client: some TestClientProtocol, _ uri: String, headers: HTTPFields = [:]) async throws -> Answer {
        try await client.execute(uri: uri, method: .get, headers: headers) { response in
            let bytes = Array(response.body.readableBytesView)
            #expect(response.headers[.contentType] == "application/json")
            return Answer(
                status: response.status, text: String(decoding: bytes, as: UTF8.self), json: try JSONReader.parse(bytes))
        }
    }
}

@Suite("PolygonStandIn")
struct PolygonStandInTests {
    static func app(_ standIn: PolygonStandIn) -> some ApplicationProtocol {
        Application(router: standIn.buildRouter())
    }

    static func small(rateLimit: Int? = nil, now: Date = Fixtures.evening) -> PolygonStandIn {
        PolygonStandIn(market: Fixtures.smallMarket(), rateLimit: rateLimit, clock: { now })
    }

    @Test("tickers: Polygon's fields, sorted by ticker, CS or ETF and the exchange MIC")
    func tickersShape() async throws {
        try await Self.app(Self.small()).test(.router) { client in
            let answer = try await Answer.get(client, "/v3/reference/tickers?active=true&market=stocks&limit=100&apiKey=secret")
            #expect(answer.status == .ok)
            #expect(answer.json["status"]?.stringValue == "OK")
            #expect(answer.json["request_id"]?.stringValue?.count == 32)
            #expect(answer.json["count"]?.int64Value == 6)
            #expect(answer.json["next_url"] == nil)
            let results = try #require(answer.json["results"]?.arrayValue)
            #expect(results.compactMap { $0["ticker"]?.stringValue } == ["AAPL", "BAC", "BRK.B", "FBNK", "SPYX", "ZZZ"])
            let spyx = results[4]
            #expect(spyx["type"]?.stringValue == "ETF")
            #expect(spyx["primary_exchange"]?.stringValue == "XASE")
            #expect(spyx["market"]?.stringValue == "stocks")
            #expect(spyx["locale"]?.stringValue == "us")
            #expect(spyx["active"]?.boolValue == true)
            #expect(results[0]["type"]?.stringValue == "CS")
            #expect(results[0]["primary_exchange"]?.stringValue == "XNAS")
            #expect(results[2]["primary_exchange"]?.stringValue == "XNYS")
        }
    }

    @Test(
        "tickers search matches a ticker prefix or the start of any word of the name",
        arguments: [
            ("bank", ["BAC", "FBNK"]), ("AAP", ["AAPL"]), ("apple", ["AAPL"]), ("brk", ["BRK.B"]),
            ("hold", ["ZZZ"]), ("bank+of", ["BAC"]), ("nothing", []),
        ])
    func search(query: String, expected: [String]) async throws {
        try await Self.app(Self.small()).test(.router) { client in
            let answer = try await Answer.get(client, "/v3/reference/tickers?search=\(query)")
            #expect(answer.json["results"]?.arrayValue?.compactMap { $0["ticker"]?.stringValue } == expected)
        }
    }

    @Test("paging through all bundled tickers with next_url sees each ticker once")
    func pagination() async throws {
        let standIn = PolygonStandIn(market: Fixtures.bundledMarket, clock: { Fixtures.evening })
        try await Self.app(standIn).test(.router) { client in
            var seen: [String] = []
            var uri: String? = "/v3/reference/tickers?limit=1000"
            var pages = 0
            while let next = uri {
                let answer = try await Answer.get(client, next)
                #expect(answer.status == .ok)
                seen += answer.json["results"]?.arrayValue?.compactMap { $0["ticker"]?.stringValue } ?? []
                pages += 1
                if let url = answer.json["next_url"]?.stringValue {
                    #expect(url.hasPrefix("http://localhost/v3/reference/tickers?cursor="))
                    #expect(!url.contains("apiKey"))
                    uri = String(url.dropFirst("http://localhost".count))
                } else {
                    uri = nil
                }
                #expect(pages < 20)
            }
            #expect(seen == Fixtures.bundledMarket.listings.map(\.symbol))
            #expect(Set(seen).count == seen.count)
            #expect(pages == (seen.count + 999) / 1000)
        }
    }

    @Test("ticker details carry the description and the address where known")
    func details() async throws {
        try await Self.app(Self.small()).test(.router) { client in
            let answer = try await Answer.get(client, "/v3/reference/tickers/AAPL")
            #expect(answer.status == .ok)
            let results = try #require(answer.json["results"])
            #expect(results["ticker"]?.stringValue == "AAPL")
            #expect(results["name"]?.stringValue == "Apple Inc.")
            #expect(results["primary_exchange"]?.stringValue == "XNAS")
            #expect(results["address"]?["city"]?.stringValue == "Cupertino")
            #expect(results["address"]?["state"]?.stringValue == "California")
            #expect(results["description"]?.stringValue?.contains("simulated") == true)
            // A company has a market capitalisation (its shares at the last close), a fund none.
            #expect(results["market_cap"]?.decimalValue.map { $0 > 0 } == true)
            #expect(results["share_class_shares_outstanding"]?.int64Value.map { $0 > 0 } == true)
            let fund = try await Answer.get(client, "/v3/reference/tickers/SPYX")
            #expect(fund.status == .ok && fund.json["results"]?["market_cap"] == nil)
            let brk = try await Answer.get(client, "/v3/reference/tickers/BRK.B")
            #expect(brk.json["results"]?["ticker_root"]?.stringValue == "BRK")
            #expect(brk.json["results"]?["address"] == nil)
        }
    }

    @Test("an unknown ticker is a 404 with Polygon's NOT_FOUND body")
    func unknownTicker() async throws {
        try await Self.app(Self.small()).test(.router) { client in
            let answer = try await Answer.get(client, "/v3/reference/tickers/NOPE")
            #expect(answer.status == .notFound)
            #expect(answer.json["status"]?.stringValue == "NOT_FOUND")
            #expect(answer.json["message"]?.stringValue == "Ticker not found.")
            #expect(answer.json["request_id"]?.stringValue != nil)
        }
    }

    @Test("daily aggregates: Polygon's fields, t in milliseconds at midnight New York time")
    func dailyAggregates() async throws {
        try await Self.app(Self.small()).test(.router) { client in
            let answer = try await Answer.get(
                client, "/v2/aggs/ticker/AAPL/range/1/day/2025-06-13/2025-06-19?adjusted=true&sort=asc")
            #expect(answer.status == .ok)
            #expect(answer.json["ticker"]?.stringValue == "AAPL")
            #expect(answer.json["adjusted"]?.boolValue == true)
            #expect(answer.json["resultsCount"]?.int64Value == 4)  // Fri, Mon, Tue, Wed; Thursday is Juneteenth
            #expect(answer.json["queryCount"]?.int64Value == 4)
            let results = try #require(answer.json["results"]?.arrayValue)
            let times = results.compactMap { $0["t"]?.int64Value }
            #expect(times == [1_749_787_200_000, 1_750_046_400_000, 1_750_132_800_000, 1_750_219_200_000])
            for bar in results {
                for key in ["o", "h", "l", "c", "v", "vw", "n"] { #expect(bar[key]?.decimalValue != nil, "\(key)") }
            }
            let expected = Fixtures.smallMarket().dailyBar("AAPL", on: Fixtures.day("2025-06-17"), now: Fixtures.evening)
            #expect(results[2]["c"]?.decimalValue == expected?.close)
            #expect(results[2]["o"]?.decimalValue == expected?.open)
        }
    }

    @Test("the daily bar equals the aggregate of its minute bars over HTTP")
    func dailyEqualsMinutes() async throws {
        try await Self.app(Self.small()).test(.router) { client in
            let daily = try await Answer.get(client, "/v2/aggs/ticker/ZZZ/range/1/day/2025-06-17/2025-06-17")
            let minutes = try await Answer.get(client, "/v2/aggs/ticker/ZZZ/range/1/minute/2025-06-17/2025-06-17")
            let day = try #require(daily.json["results"]?.arrayValue?.first)
            let bars = try #require(minutes.json["results"]?.arrayValue)
            #expect(bars.count == 390)
            #expect(bars.first?["t"]?.int64Value == 1_750_167_000_000)  // 09:30 EDT
            #expect(day["o"] == bars.first?["o"])
            #expect(day["c"] == bars.last?["c"])
            #expect(day["h"]?.decimalValue == bars.compactMap { $0["h"]?.decimalValue }.max())
            #expect(day["l"]?.decimalValue == bars.compactMap { $0["l"]?.decimalValue }.min())
            #expect(day["v"]?.decimalValue == ExactDecimal.sum(bars.compactMap { $0["v"]?.decimalValue }))
            let fives = try await Answer.get(client, "/v2/aggs/ticker/ZZZ/range/5/minute/2025-06-17/2025-06-17")
            #expect(fives.json["resultsCount"]?.int64Value == 78)
            #expect(fives.json["queryCount"]?.int64Value == 390)
            let hours = try await Answer.get(client, "/v2/aggs/ticker/ZZZ/range/1/hour/2025-06-17/2025-06-17")
            #expect(hours.json["resultsCount"]?.int64Value == 7)  // 09:00 (from 09:30) through 15:00
            #expect(hours.json["results"]?.arrayValue?.first?["t"]?.int64Value == 1_750_165_200_000)
        }
    }

    @Test("week and month bars aggregate the days, and from/to may be Unix milliseconds")
    func longerSpans() async throws {
        try await Self.app(Self.small()).test(.router) { client in
            let weeks = try await Answer.get(client, "/v2/aggs/ticker/AAPL/range/1/week/2025-06-01/2025-06-14")
            #expect(weeks.json["resultsCount"]?.int64Value == 2)
            #expect(weeks.json["queryCount"]?.int64Value == 10)
            #expect(weeks.json["results"]?.arrayValue?.first?["t"]?.int64Value == 1_748_750_400_000)  // Sunday 2025-06-01
            let months = try await Answer.get(client, "/v2/aggs/ticker/AAPL/range/1/month/2025-01-01/2025-06-18")
            #expect(months.json["resultsCount"]?.int64Value == 6)
            let byMs = try await Answer.get(client, "/v2/aggs/ticker/AAPL/range/1/day/1749787200000/1750219200000")
            let byDate = try await Answer.get(client, "/v2/aggs/ticker/AAPL/range/1/day/2025-06-13/2025-06-18")
            #expect(byMs.json["results"] == byDate.json["results"])
        }
    }

    @Test("aggregates beyond the limit page with next_url, ascending and descending")
    func aggregatePaging() async throws {
        for sort in ["asc", "desc"] {
            try await Self.app(Self.small()).test(.router) { client in
                var uri: String? = "/v2/aggs/ticker/AAPL/range/1/day/2025-01-01/2025-06-18?limit=50&sort=\(sort)"
                var times: [Int64] = []
                var pages = 0
                while let next = uri, pages < 10 {
                    let answer = try await Answer.get(client, next)
                    times += answer.json["results"]?.arrayValue?.compactMap { $0["t"]?.int64Value } ?? []
                    uri = answer.json["next_url"]?.stringValue.map { String($0.dropFirst("http://localhost".count)) }
                    pages += 1
                }
                let all = try await Answer.get(client, "/v2/aggs/ticker/AAPL/range/1/day/2025-01-01/2025-06-18?sort=\(sort)")
                let expected = all.json["results"]?.arrayValue?.compactMap { $0["t"]?.int64Value } ?? []
                #expect(expected.count == 115)
                #expect(times == expected)
                #expect(pages == 3)
            }
        }
    }

    @Test("empty windows have resultsCount 0 and no results key")
    func emptyWindow() async throws {
        try await Self.app(Self.small()).test(.router) { client in
            for uri in [
                "/v2/aggs/ticker/AAPL/range/1/day/2025-06-14/2025-06-15",  // a weekend
                "/v2/aggs/ticker/AAPL/range/1/minute/2025-06-19/2025-06-19",  // Juneteenth
                "/v2/aggs/ticker/AAPL/range/1/day/2025-06-20/2025-06-30",  // the future
                "/v2/aggs/ticker/NOPE/range/1/day/2025-06-01/2025-06-18",
            ] {
                let answer = try await Answer.get(client, uri)
                #expect(answer.status == .ok)
                #expect(answer.json["resultsCount"]?.int64Value == 0)
                #expect(answer.json["results"] == nil, "\(uri)")
                #expect(answer.json["status"]?.stringValue == "OK")
            }
        }
    }

    @Test("grouped daily: every symbol with T; during the session the minutes so far; empty on non-trading days")
    func groupedDaily() async throws {
        let midday = Self.small(now: Fixtures.utc("2025-06-18T16:00:00Z"))
        try await Self.app(midday).test(.router) { client in
            let answer = try await Answer.get(client, "/v2/aggs/grouped/locale/us/market/stocks/2025-06-17?adjusted=true")
            #expect(answer.json["resultsCount"]?.int64Value == 6)
            #expect(answer.json["queryCount"]?.int64Value == 6)
            let results = try #require(answer.json["results"]?.arrayValue)
            #expect(results.compactMap { $0["T"]?.stringValue } == ["AAPL", "BAC", "BRK.B", "FBNK", "SPYX", "ZZZ"])
            #expect(results.allSatisfy { $0["t"]?.int64Value == 1_750_132_800_000 })
            // Today so far (12:00 EDT): the daily aggregate's bar, as in every endpoint.
            let today = try await Answer.get(client, "/v2/aggs/grouped/locale/us/market/stocks/2025-06-18")
            #expect(today.json["resultsCount"]?.int64Value == 6)
            let aggregate = try await Answer.get(client, "/v2/aggs/ticker/AAPL/range/1/day/2025-06-18/2025-06-18")
            let todayAAPL = today.json["results"]?.arrayValue?.first { $0["T"]?.stringValue == "AAPL" }
            #expect(todayAAPL?["c"] != nil)
            #expect(todayAAPL?["c"] == aggregate.json["results"]?.arrayValue?.first?["c"])
            #expect(todayAAPL?["v"] == aggregate.json["results"]?.arrayValue?.first?["v"])
            for date in ["2025-06-19", "2025-06-20", "2025-06-21"] {  // a holiday, not open yet, a Saturday
                let empty = try await Answer.get(client, "/v2/aggs/grouped/locale/us/market/stocks/\(date)")
                #expect(empty.status == .ok)
                #expect(empty.json["resultsCount"]?.int64Value == 0)
                #expect(empty.json["queryCount"]?.int64Value == 0)
                #expect(empty.json["results"] == nil)
            }
        }
    }

    @Test("previous close is the last completed trading day's bar")
    func previousClose() async throws {
        let friday = Self.small(now: Fixtures.utc("2025-06-20T15:00:00Z"))  // 11:00 on the Friday after Juneteenth
        try await Self.app(friday).test(.router) { client in
            let answer = try await Answer.get(client, "/v2/aggs/ticker/AAPL/prev")
            #expect(answer.json["resultsCount"]?.int64Value == 1)
            let bar = try #require(answer.json["results"]?.arrayValue?.first)
            #expect(bar["T"]?.stringValue == "AAPL")
            #expect(bar["t"]?.int64Value == 1_750_219_200_000)  // Wednesday 2025-06-18
            let unknown = try await Answer.get(client, "/v2/aggs/ticker/NOPE/prev")
            #expect(unknown.json["resultsCount"]?.int64Value == 0)
            #expect(unknown.json["results"] == nil)
        }
    }

    @Test("the same request twice gives the same body")
    func determinism() async throws {
        try await Self.app(Self.small()).test(.router) { client in
            for uri in [
                "/v2/aggs/grouped/locale/us/market/stocks/2025-06-17",
                "/v2/aggs/ticker/AAPL/range/5/minute/2025-06-16/2025-06-18",
                "/v3/reference/tickers?search=bank",
            ] {
                let first = try await Answer.get(client, uri)
                let second = try await Answer.get(client, uri)
                #expect(first.text == second.text)
            }
        }
        let first = try await Self.app(Self.small()).test(.router) { client in
            try await Answer.get(client, "/v2/aggs/ticker/BRK.B/range/1/day/2025-01-01/2025-06-18").text
        }
        let second = try await Self.app(Self.small()).test(.router) { client in
            try await Answer.get(client, "/v2/aggs/ticker/BRK.B/range/1/day/2025-01-01/2025-06-18").text
        }
        #expect(first == second)
    }

    @Test(
        "bad parameters are a 400 with Polygon's ERROR body",
        arguments: [
            "/v2/aggs/ticker/AAPL/range/0/day/2025-06-01/2025-06-18",
            "/v2/aggs/ticker/AAPL/range/x/day/2025-06-01/2025-06-18",
            "/v2/aggs/ticker/AAPL/range/1/fortnight/2025-06-01/2025-06-18",
            "/v2/aggs/ticker/AAPL/range/1/day/2025-13-01/2025-06-18",
            "/v2/aggs/ticker/AAPL/range/1/day/2025-06-01/yesterday",
            "/v2/aggs/ticker/AAPL/range/1/day/2025-06-01/2025-06-18?limit=0",
            "/v2/aggs/ticker/AAPL/range/1/day/2025-06-01/2025-06-18?sort=up",
            "/v2/aggs/grouped/locale/us/market/stocks/June-17",
            "/v3/reference/tickers?limit=5000",
            "/v3/reference/tickers?cursor=%%%",
            "/v3/reference/tickers?order=sideways",
            "/v2/aggs/ticker/AAPL/range/1/day/2025-06-01",
            "/v2/aggs/nonsense",
        ])
    func badParameters(uri: String) async throws {
        try await Self.app(Self.small()).test(.router) { client in
            let answer = try await Answer.get(client, uri)
            #expect(answer.status == .badRequest)
            #expect(answer.json["status"]?.stringValue == "ERROR")
            #expect(answer.json["error"]?.stringValue?.isEmpty == false)
            #expect(answer.json["request_id"]?.stringValue != nil)
        }
    }

    @Test("over the rate limit the answer is 429 with Polygon's exact body, until the window slides")
    func rateLimit() async throws {
        let now = Mutex(Fixtures.evening)
        let standIn = PolygonStandIn(market: Fixtures.smallMarket(), rateLimit: 3, clock: { now.withLock { $0 } })
        let expected =
            #"{"status":"ERROR","error":"You've exceeded the maximum requests per minute, please wait or upgrade your subscription to continue. https://polygon.io/pricing"}"#
        try await Self.app(standIn).test(.router) { client in
            for _ in 0..<3 {
                #expect(try await Answer.get(client, "/v3/reference/tickers/AAPL").status == .ok)
            }
            let refused = try await Answer.get(client, "/v3/reference/tickers/AAPL", headers: [.authorization: "Bearer key"])
            #expect(refused.status == .tooManyRequests)
            #expect(refused.text == expected)
            now.withLock { $0 = $0.addingTimeInterval(59) }
            #expect(try await Answer.get(client, "/v3/reference/tickers/AAPL").status == .tooManyRequests)
            now.withLock { $0 = $0.addingTimeInterval(1) }
            #expect(try await Answer.get(client, "/v3/reference/tickers/AAPL").status == .ok)
        }
        #expect(standIn.requestCount == 6)
    }

    @Test("the request counter counts every request served")
    func counter() async throws {
        let standIn = Self.small()
        try await Self.app(standIn).test(.router) { client in
            _ = try await Answer.get(client, "/v3/reference/tickers")
            _ = try await Answer.get(client, "/v3/reference/tickers/NOPE")
            _ = try await Answer.get(client, "/v2/aggs/ticker/AAPL/prev?apiKey=abc")
        }
        #expect(standIn.requestCount == 3)
    }

    @Test("the routes can be added to another app's router, behind the same counter")
    func embedded() async throws {
        let standIn = Self.small()
        let router = Router(context: BasicRequestContext.self)
        router.get("/health") { _, _ in "ok" }
        standIn.addRoutes(to: router)
        try await Application(router: router).test(.router) { client in
            let answer = try await Answer.get(client, "/v3/reference/tickers/AAPL")
            #expect(answer.status == .ok)
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
            }
        }
        #expect(standIn.requestCount == 1)
    }
}
