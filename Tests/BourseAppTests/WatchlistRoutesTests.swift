import BourseCore
import BundledData
import Foundation
import Hummingbird
import HummingbirdTesting
import MarketsFeature
import Storage
import TestSupport
import Testing
import WatchlistFeature

@testable import BourseApp

/// `/api/v1/watchlist` over the real stack: the simulated market over loopback, the list in a
/// SQLite file, the listings deciding what is a stock.
@Suite("Watchlist routes")
struct WatchlistRoutesTests {
    static func app(_ live: LiveMarket) throws -> (Application<RouterResponder<AppRequestContext>>, StoredWatchlist) {
        let database = try BourseDatabase(path: live.databasePath)
        let watchlist = StoredWatchlist(
            store: DatabaseWatchlistStore(database: database), market: live.service, listings: ListingSearch())
        return (
            Application(router: buildRouter(AppFeatures(market: live.service, search: ListingSearch(), watchlist: watchlist))),
            watchlist
        )
    }

    static func put(_ client: some TestClientProtocol, _ body: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/watchlist", method: .put, headers: [.contentType: "application/json"], body: ByteBuffer(string: body))
    }

    @Test func addReorderAndRemoveWithEveryAnswerTheWholePricedList() async throws {
        let live = try await LiveMarket.start()
        let (app, _) = try Self.app(live)
        try await app.test(.router) { client in
            let empty = try json(try await client.execute(uri: "/api/v1/watchlist", method: .get))
            #expect(empty["symbols"] as? [String] == [])
            #expect(empty["limit"] as? Int == 500)

            let added = try await client.execute(uri: "/api/v1/watchlist/aapl", method: .post)
            #expect(added.status == .created)
            _ = try await client.execute(uri: "/api/v1/watchlist/MSFT", method: .post)
            let list = try json(try await client.execute(uri: "/api/v1/watchlist/KO", method: .post))
            #expect(list["symbols"] as? [String] == ["AAPL", "MSFT", "KO"])
            let rows = try #require(list["results"] as? [[String: Any]])
            #expect(rows.map { $0["symbol"] as? String } == ["AAPL", "MSFT", "KO"])
            #expect(rows[0]["name"] as? String == "Apple Inc.")
            #expect((rows[0]["price"] as? String).map { ExactDecimal($0) != nil } == true)
            #expect(rows[0]["sparkline"] as? String == "/stocks/AAPL/sparkline.svg")

            let reordered = try json(try await Self.put(client, #"{"symbols":["KO","AAPL","MSFT"]}"#))
            #expect(reordered["symbols"] as? [String] == ["KO", "AAPL", "MSFT"])
            let removed = try json(try await client.execute(uri: "/api/v1/watchlist/AAPL", method: .delete))
            #expect(removed["symbols"] as? [String] == ["KO", "MSFT"])
            // The home screen is now My stocks.
            let home = String(buffer: try await client.execute(uri: "/", method: .get).body)
            #expect(home.contains(#"data-page="my-stocks""#))
        }
    }

    @Test func theHomeScreenSaysHowToFollowUntilThereIsAStock() async throws {
        let live = try await LiveMarket.start()
        let (app, _) = try Self.app(live)
        try await app.test(.router) { client in
            let home = String(buffer: try await client.execute(uri: "/", method: .get).body)
            #expect(home.contains(#"data-page="markets""#))
            #expect(home.contains(#"id="follow-hint""#))
            let markets = String(buffer: try await client.execute(uri: "/markets", method: .get).body)
            #expect(markets.contains(#"data-page="markets""#))
            #expect(!markets.contains(#"id="follow-hint""#))
        }
    }

    @Test func badChangesAreClear4xxAndChangeNothing() async throws {
        let live = try await LiveMarket.start()
        let (app, watchlist) = try Self.app(live)
        try await watchlist.replace(with: ["AAPL", "MSFT"], for: .owner)
        try await app.test(.router) { client in
            let cases: [(TestResponse, HTTPResponse.Status, String)] = [
                (try await client.execute(uri: "/api/v1/watchlist/ZZZZZQ", method: .post), .notFound, "no listed stock"),
                (try await client.execute(uri: "/api/v1/watchlist/%3Cb%3E", method: .post), .badRequest, "not a ticker symbol"),
                (try await client.execute(uri: "/api/v1/watchlist/AAPL", method: .post), .conflict, "in the list already"),
                (try await client.execute(uri: "/api/v1/watchlist/KO", method: .delete), .notFound, "not in the list"),
                (try await Self.put(client, #"{"symbols":["AAPL","AAPL"]}"#), .badRequest, "more than once"),
                (try await Self.put(client, #"{"symbols":["AAPL","NOPEQ"]}"#), .notFound, "no listed stock"),
                (try await Self.put(client, #"{"symbols":"AAPL"}"#), .badRequest, "the body must be"),
                (try await Self.put(client, "not json"), .badRequest, "the body must be"),
            ]
            for (response, status, message) in cases {
                #expect(response.status == status)
                #expect((try json(response)["error"] as? String)?.contains(message) == true, "\(message)")
            }
            let tooMany = "{\"symbols\":[" + (0...500).map { "\"S\($0)\"" }.joined(separator: ",") + "]}"
            let big = try await Self.put(client, tooMany)
            #expect(big.status == .badRequest)
            #expect((try json(big)["error"] as? String)?.contains("at most 500") == true)
        }
        #expect(try await watchlist.symbols(of: .owner) == ["AAPL", "MSFT"])
    }

    @Test func pricingAHundredStocksCostsWhatTheListCosts() async throws {
        let live = try await LiveMarket.start()
        let (app, watchlist) = try Self.app(live)
        let listings = try BundledData.listings().map(\.symbol)
        try await watchlist.replace(with: Array(listings.prefix(100)), for: .owner)
        let before = live.standIn.requestCount
        try await app.test(.router) { client in
            let list = try json(try await client.execute(uri: "/api/v1/watchlist", method: .get))
            #expect((list["results"] as? [[String: Any]])?.count == 100)
        }
        let requests = live.standIn.requestCount - before
        #expect((1...3).contains(requests), "\(requests) upstream requests for 100 stocks")
    }

    @Test func aSparklineIsTheMonthAsAnSVGLine() async throws {
        let live = try await LiveMarket.start()
        let (app, _) = try Self.app(live)
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/stocks/AAPL/sparkline.svg", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/svg+xml; charset=utf-8")
            let svg = String(buffer: response.body)
            #expect(svg.contains("<polyline"))
            #expect(svg.contains("<title>AAPL: the last month"))
            let points = svg.split(separator: "points=\"")[1].split(separator: "\"")[0].split(separator: " ")
            #expect(points.count >= 18)
        }
    }
}

/// A symbol that is not listed is a 404 from the listings alone: it costs the source nothing.
@Suite("Unlisted symbols")
struct UnlistedSymbolTests {
    @Test func aMadeUpSymbolIsA404WithoutAnUpstreamRequest() async throws {
        let live = try await LiveMarket.start()
        let app = Application(router: buildRouter(AppFeatures(market: live.service, search: ListingSearch())))
        try await app.test(.router) { client in
            _ = try await client.execute(uri: "/api/v1/stocks/AAPL", method: .get)  // the listings are loaded
            let before = live.standIn.requestCount
            for uri in [
                "/api/v1/stocks/ZZZZZQ", "/api/v1/stocks/ZZZZZQ/bars?range=1D", "/stocks/ZZZZZQ/chart.svg",
                "/stocks/ZZZZZQ/sparkline.svg", "/stocks/ZZZZZQ",
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
            }
            #expect(live.standIn.requestCount == before)
        }
    }
}
