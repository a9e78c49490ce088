import BourseCore
import Foundation
import MarketData
import MarketDataLive
import Testing

/// The client against a real HTTP server on loopback, through the live AsyncHTTPClient transport.
@Suite("Polygon client over HTTP (replay server)")
struct PolygonClientReplayTests {
    static let cursor =
        "YWN0aXZlPXRydWUmZGF0ZT0yMDIyLTA0LTI3JmxpbWl0PTImb3JkZXI9YXNjJnBhZ2VfbWFya2VyPUFBJTdDZjEyMmJjYmY4YWQwNzRmZmJlMTZmNjkxOWQ0ZDc3NjZlMzA3MWNmNmU1Nzg3OGE0OGU1NjQ1YzQyM2U3NzJhOSZzb3J0PXRpY2tlcg"

    @Test("Tickers: page 1, its cursor, page 2; the key is sent again with the cursor", arguments: KeyPlacement.allCases)
    func tickerPagesWalk(placement: KeyPlacement) async throws {
        try await ReplayServer.with { server in
            await server.script.on("/v3/reference/tickers", try .fixture("client-python-mocks/v3_reference_tickers_page1.json"))
            await server.script.on(
                "/v3/reference/tickers", cursor: Self.cursor,
                try .fixture("client-python-mocks/v3_reference_tickers_page2_cursor.json"))
            let test = TestClient(baseURL: server.baseURL, placement: placement)

            let first = try await test.client.tickers(TickerQuery(limit: 2))
            let cursor = try #require(first.value.nextCursor)
            let second = try await test.client.tickers(TickerQuery(cursor: cursor))

            #expect(first.value.tickers.map(\.symbol) == ["A", "AA"])
            #expect(
                first.value.tickers[1]
                    == TickerSummary(symbol: "AA", name: "Alcoa Corporation", primaryExchange: "XNYS", type: "CS"))
            #expect(cursor == Self.cursor)
            #expect(second.value.tickers.map(\.symbol) == ["AAA", "AAAU"])
            #expect(second.value.nextCursor == nil)
            let requests = await server.script.requests(to: "/v3/reference/tickers")
            try #require(requests.count == 2)
            #expect(requests[0].query["limit"] == "2")
            #expect(requests[0].query["market"] == "stocks")
            #expect(Set(requests[1].query.keys).subtracting(["apiKey"]) == ["cursor"])
            #expect(requests[1].query["cursor"] == Self.cursor)
            for request in requests {
                switch placement {
                case .queryParameter:
                    #expect(request.query["apiKey"] == TestClient.apiKey)
                    #expect(request.authorization == nil)
                case .bearerHeader:
                    #expect(request.query["apiKey"] == nil)
                    #expect(request.authorization == "Bearer \(TestClient.apiKey)")
                }
            }
        }
    }

    @Test("Aggregates follow next_url to the end, keep prices exact and read t as milliseconds")
    func aggregatesFollowNextURL() async throws {
        try await ReplayServer.with { server in
            await server.script.on(
                "/v2/aggs/ticker/AAPL/range/1/day/2020-01-02/2020-01-10",
                try .fixture("openapi-examples/v2_aggs_ticker_AAPL_range_1_day.json"))
            await server.script.on(
                "/v2/aggs/ticker/AAPL/range/1/day/1578114000000/2020-01-10", cursor: "bGltaXQ9MiZzb3J0PWFzYw",
                try .fixture("client-python-mocks/v2_aggs_ticker_AAPL_range_1_day_2005-04-01_2005-04-04.json"))
            let test = TestClient(baseURL: server.baseURL)
            let request = AggregatesRequest(
                symbol: "AAPL", multiplier: 1, timespan: .day,
                from: try #require(MarketDate(iso: "2020-01-02")), to: try #require(MarketDate(iso: "2020-01-10")))

            let bars = try await test.client.aggregates(request).value

            try #require(bars.count == 4)
            #expect(bars[0].close == ExactDecimal(significand: 750875, scale: 4))
            #expect(bars[0].close.description == "75.0875")
            #expect(bars[0].low.description == "73.7975")
            #expect(bars[0].start == Date(timeIntervalSince1970: 1_577_941_200))
            #expect(bars[0].volume == ExactDecimal(135_647_456))
            #expect(bars[2].open.description == "1.5032")
            #expect(bars[3].start == Date(timeIntervalSince1970: 1_112_587_200))
            let pageTwo = await server.script.requests(to: "/v2/aggs/ticker/AAPL/range/1/day/1578114000000/2020-01-10")
            #expect(pageTwo.count == 1)
            #expect(pageTwo.first?.query["apiKey"] == TestClient.apiKey)
        }
    }

    @Test("Grouped daily is keyed by ticker and keeps a fractional volume exact")
    func groupedDailyFractionalVolume() async throws {
        try await ReplayServer.with { server in
            await server.script.on(
                "/v2/aggs/grouped/locale/us/market/stocks/2020-10-14",
                try .fixture("openapi-examples/v2_aggs_grouped_locale_us_market_stocks.json"))
            let test = TestClient(baseURL: server.baseURL)

            let bars = try await test.client.groupedDaily(try #require(MarketDate(iso: "2020-10-14"))).value

            #expect(bars.keys.sorted() == ["KIMpL", "TANH", "VSAT"])
            #expect(bars["TANH"]?.volume.description == "25933.6")
            #expect(bars["KIMpL"]?.close.description == "25.9102")
            #expect(await server.script.requests.first?.query["adjusted"] == "true")
        }
    }

    @Test("Null or missing results are empty; details without results are an unknown symbol")
    func nullAndMissingResults() async throws {
        try await ReplayServer.with { server in
            await server.script.on(
                "/v2/aggs/grouped/locale/us/market/stocks/2024-12-25",
                .json(#"{"queryCount":0,"resultsCount":0,"adjusted":true,"results":null,"status":"OK"}"#))
            await server.script.on(
                "/v2/aggs/ticker/AAPL/range/5/minute/2024-12-25/2024-12-25",
                .json(#"{"ticker":"AAPL","queryCount":0,"resultsCount":0,"adjusted":true,"status":"OK"}"#))
            await server.script.on("/v2/aggs/ticker/AAPL/prev", .json(#"{"ticker":"AAPL","results":[],"status":"OK"}"#))
            await server.script.on("/v3/reference/tickers/ZZZZ", .json(#"{"status":"OK","request_id":"x"}"#))
            let test = TestClient(baseURL: server.baseURL)
            let christmas = try #require(MarketDate(iso: "2024-12-25"))

            let grouped = try await test.client.groupedDaily(christmas)
            let minutes = try await test.client.aggregates(
                AggregatesRequest(symbol: "AAPL", multiplier: 5, timespan: .minute, from: christmas, to: christmas))
            let previous = try await test.client.previousClose("AAPL")

            #expect(grouped.value.isEmpty)
            #expect(minutes.value.isEmpty)
            #expect(previous.value == nil)
            await #expect(throws: MarketDataError.unknownSymbol("ZZZZ")) {
                try await test.client.tickerDetails("ZZZZ")
            }
        }
    }

    @Test("Ticker details and the previous close decode from the fixtures")
    func detailsAndPreviousClose() async throws {
        try await ReplayServer.with { server in
            await server.script.on(
                "/v3/reference/tickers/AAPL", try .fixture("client-python-mocks/v3_reference_tickers_AAPL.json"))
            await server.script.on("/v2/aggs/ticker/AAPL/prev", try .fixture("openapi-examples/v2_aggs_ticker_AAPL_prev.json"))
            let test = TestClient(baseURL: server.baseURL)

            let details = try await test.client.tickerDetails("AAPL").value
            let previous = try #require(try await test.client.previousClose("AAPL").value)

            #expect(details.name == "Apple Inc.")
            #expect(details.headquarters == "CUPERTINO, CA")
            #expect(details.totalEmployees == 154_000)
            #expect(details.primaryExchange == "XNAS")
            #expect(details.description?.hasPrefix("Apple designs") == true)
            #expect(details.marketCap == ExactDecimal("2488795282370"))
            #expect(previous.close.description == "115.97")
            #expect(previous.start == Date(timeIntervalSince1970: 1_605_042_000))
        }
    }
}
