import BourseCore
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import BourseApp

/// The API end to end: router -> service -> Polygon client -> HTTP -> simulated market.
@Suite("Market routes over the real stack")
struct MarketRoutesTests {
    static let friday = MarketDate(iso: "2026-11-20")!
    static let thursday = MarketDate(iso: "2026-11-19")!

    @Test func aListOfAHundredIsPricedInThreeRequestsAndTheNextPageInOne() async throws {
        let live = try await LiveMarket.start()
        let app = Application(router: live.router)

        try await app.test(.router) { client in
            let next = try await client.execute(uri: "/api/v1/tickers?limit=100", method: .get) { response in
                #expect(response.status == .ok)
                let body = try json(response)
                let rows = try #require(body["results"] as? [[String: Any]])
                #expect(rows.count == 100)
                #expect(body["source"] as? String == "simulated")
                #expect(body["stale"] as? Bool == false)
                #expect(body["pending"] as? Bool == false)
                #expect(rows.allSatisfy { $0["pending"] as? Bool == false })
                // Every priced row agrees with the market's own bars for Friday and Thursday.
                let priced = rows.filter { !($0["price"] is NSNull) }
                #expect(priced.count > 90)
                for row in priced {
                    let symbol = try #require(row["symbol"] as? String)
                    let close = try #require(live.market.dailyBar(symbol, on: Self.friday, now: live.now.date)?.close)
                    let previous = try #require(live.market.dailyBar(symbol, on: Self.thursday, now: live.now.date)?.close)
                    #expect(row["price"] as? String == close.description)
                    #expect(row["change"] as? String == (close - previous).description)
                    #expect(row["asOf"] as? String == "2026-11-20")
                }
                return body["next"] as? String
            }
            #expect(live.standIn.requestCount == 3)  // one page of tickers, two grouped days

            let cursor = try #require(next)
            try await client.execute(uri: "/api/v1/tickers?limit=100&cursor=\(cursor)", method: .get) { response in
                #expect(response.status == .ok)
                let rows = try #require(try json(response)["results"] as? [[String: Any]])
                #expect(rows.count == 100)
            }
            #expect(live.standIn.requestCount == 4)

            try await client.execute(uri: "/api/v1/tickers?limit=100", method: .get) { response in
                #expect(response.status == .ok)
            }
            #expect(live.standIn.requestCount == 4)  // fresh in the cache: no request
        }
    }

    @Test func aStockHasItsNameDescriptionExchangeAndQuote() async throws {
        let live = try await LiveMarket.start()
        try await Application(router: live.router).test(.router) { client in
            try await client.execute(uri: "/api/v1/stocks/aapl", method: .get) { response in
                #expect(response.status == .ok)
                let body = try json(response)
                #expect(body["symbol"] as? String == "AAPL")
                #expect(body["name"] as? String == "Apple Inc.")
                #expect(body["exchange"] as? String == "NASDAQ")
                #expect((body["description"] as? String)?.contains("simulated") == true)
                let close = try #require(live.market.dailyBar("AAPL", on: Self.friday, now: live.now.date)?.close)
                #expect(body["price"] as? String == close.description)
                #expect(body["changePercent"] is String)
                #expect(body["closed"] as? Bool == true)
            }
        }
    }

    @Test func duringTheSessionAPaidPlansPriceIsNotAClose() async throws {
        // Tuesday 10:35 New York time, priced from snapshots: today's last trade so far.
        let live = try await LiveMarket.start(
            at: NewYorkTime.date(of: MarketDate(iso: "2026-11-24")!, hour: 10, minute: 35), snapshots: true)
        try await Application(router: live.router).test(.router) { client in
            try await client.execute(uri: "/api/v1/stocks/AAPL", method: .get) { response in
                let body = try json(response)
                #expect(body["asOf"] as? String == "2026-11-24")
                #expect(body["closed"] as? Bool == false)
            }
        }
        // At 16:00 the same day's price is its close.
        live.now.set(NewYorkTime.date(of: MarketDate(iso: "2026-11-24")!, hour: 16, minute: 1))
        try await Application(router: live.router).test(.router) { client in
            try await client.execute(uri: "/api/v1/stocks/AAPL", method: .get) { response in
                let body = try json(response)
                #expect(body["asOf"] as? String == "2026-11-24")
                #expect(body["closed"] as? Bool == true)
            }
        }
    }

    @Test func anUnknownSymbolIsA404WithAMessage() async throws {
        let live = try await LiveMarket.start()
        try await Application(router: live.router).test(.router) { client in
            try await client.execute(uri: "/api/v1/stocks/ZZZZZZ", method: .get) { response in
                #expect(response.status == .notFound)
                let body = try json(response)
                #expect(body["error"] as? String == "unknown symbol ZZZZZZ")
            }
        }
    }

    @Test(
        "bars for every range",
        arguments: [
            ("1D", 78, 78), ("5D", 130, 130), ("1M", 20, 23), ("3M", 60, 66), ("1Y", 248, 253),
        ])
    func bars(range: String, atLeast: Int, atMost: Int) async throws {
        let live = try await LiveMarket.start()
        try await Application(router: live.router).test(.router) { client in
            try await client.execute(uri: "/api/v1/stocks/MSFT/bars?range=\(range)", method: .get) { response in
                #expect(response.status == .ok)
                let body = try json(response)
                #expect(body["range"] as? String == range)
                let bars = try #require(body["bars"] as? [[String: String]])
                #expect((atLeast...atMost).contains(bars.count), "\(bars.count) bars")
                var previousTime = ""
                for bar in bars {
                    let (o, h, l, c) = (
                        ExactDecimal(bar["o"]!)!, ExactDecimal(bar["h"]!)!, ExactDecimal(bar["l"]!)!, ExactDecimal(bar["c"]!)!
                    )
                    #expect(l <= min(o, c) && max(o, c) <= h)
                    let t = try #require(bar["t"])
                    #expect(t.hasSuffix("Z") && t > previousTime)
                    previousTime = t
                }
                if range == "1D" {
                    // 09:30 to 15:55 New York time (EST, UTC-5) on Friday.
                    #expect(bars.first?["t"] == "2026-11-20T14:30:00Z")
                    #expect(bars.last?["t"] == "2026-11-20T20:55:00Z")
                }
            }
        }
    }

    @Test func withTheSourceDownTheLastGoodDataIsServedMarkedStale() async throws {
        let live = try await LiveMarket.start()
        let app = Application(router: live.router)
        let first: [[String?]] = try await app.test(.router) { client in
            // The prices first, so that the list below is made in well under the hot answers'
            // moment (2 s): kept answers must follow the market's clock, not the wall's.
            try await client.execute(uri: "/api/v1/tickers?limit=5", method: .get) { #expect($0.status == .ok) }
            return try await client.execute(uri: "/api/v1/tickers?limit=20", method: .get) { response in
                let rows = try #require(try json(response)["results"] as? [[String: Any]])
                return rows.map { [$0["symbol"] as? String, $0["price"] as? String] }
            }
        }
        await live.stopSource()
        live.now.set(live.now.date.addingTimeInterval(3 * 24 * 3600))  // Monday evening: all of it expired

        try await app.test(.router) { client in
            try await client.execute(uri: "/api/v1/tickers?limit=20", method: .get) { response in
                #expect(response.status == .ok)
                let body = try json(response)
                #expect(body["stale"] as? Bool == true)
                let rows = try #require(body["results"] as? [[String: Any]])
                #expect(rows.map { [$0["symbol"] as? String, $0["price"] as? String] } == first)
                #expect(first.count == 20)
            }
            // Nothing cached for this one: a clear 503, not a hang or a crash.
            try await client.execute(uri: "/api/v1/stocks/MSFT/bars?range=1Y", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                let body = try json(response)
                #expect((body["error"] as? String)?.contains("unavailable") == true)
            }
        }
    }

    @Test func afterARestartWithTheSourceDownTheCachedDaysAreServedMarkedStale() async throws {
        let live = try await LiveMarket.start()
        let first: [[String?]] = try await Application(router: live.router).test(.router) { client in
            try await client.execute(uri: "/api/v1/tickers?limit=10", method: .get) { response in
                let rows = try #require(try json(response)["results"] as? [[String: Any]])
                return rows.map { [$0["symbol"] as? String, $0["price"] as? String] }
            }
        }
        await live.stopSource()
        live.now.set(live.now.date.addingTimeInterval(3 * 24 * 3600))
        let restarted = Application(router: buildRouter(AppFeatures(market: try live.restartedService())))

        try await restarted.test(.router) { client in
            try await client.execute(uri: "/api/v1/tickers?limit=10", method: .get) { response in
                #expect(response.status == .ok)
                let body = try json(response)
                #expect(body["stale"] as? Bool == true)
                let rows = try #require(body["results"] as? [[String: Any]])
                #expect(rows.map { [$0["symbol"] as? String, $0["price"] as? String] } == first)
            }
        }
    }
}
