import BourseCore
import BundledData
import Foundation
import Hummingbird
import HummingbirdTesting
import MarketsFeature
import TestSupport
import Testing

@testable import BourseApp

/// `GET /api/v1/tickers?sort=&order=` (SPEC §13): the whole market the app knows, sorted on the
/// server and paged, priced from the same whole-market answer as the list, no request per row.
@Suite("Tickers sorted over the real stack")
struct TickerSortRoutesTests {
    static let friday = MarketDate(iso: "2026-11-20")!

    /// Every 150th bundled listing (56 stocks, the simulated market prices them) and one it
    /// does not know (no price).
    static func listings() throws -> [Listing] {
        let bundled = try BundledData.listings()
        return stride(from: 0, to: bundled.count, by: 150).map { bundled[$0] }
            + [Listing(symbol: "ZZZZQ", name: "Nothing Traded Inc.", exchange: .nasdaq, isETF: false)]
    }

    /// Every row of the sorted list, page by page (`limit` a page).
    static func allRows(
        _ client: some TestClientProtocol, query: String, limit: Int
    ) async throws -> [[String: Any]] {
        var rows: [[String: Any]] = []
        var cursor: String?
        repeat {
            let uri = "/api/v1/tickers?\(query)&limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")
            cursor = try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok, "\(uri): \(String(buffer: response.body))")
                let body = try json(response)
                let page = try #require(body["results"] as? [[String: Any]])
                #expect(page.count <= limit)
                rows += page
                return body["next"] as? String
            }
        } while cursor != nil
        return rows
    }

    static func decimal(_ row: [String: Any], _ key: String) -> ExactDecimal? {
        (row[key] as? String).flatMap { ExactDecimal($0) }
    }

    @Test(
        "every key in both directions, across pages",
        arguments: [("changePercent", false), ("changePercent", true), ("price", false), ("price", true)])
    func pricedKeys(key: String, ascending: Bool) async throws {
        let live = try await LiveMarket.start()
        let listings = try Self.listings()
        let router = buildRouter(
            AppFeatures(market: live.service, search: ListingSearch(listings: { listings }, prominent: { [] })))
        try await Application(router: router).test(.router) { client in
            let rows = try await Self.allRows(
                client, query: "sort=\(key)&order=\(ascending ? "asc" : "desc")", limit: 7)
            #expect(rows.compactMap { $0["symbol"] as? String }.sorted() == listings.map(\.symbol).sorted())
            // The prices are the simulated market's Friday closes: nothing made up for the sort.
            for row in rows where !(row["price"] is NSNull) {
                let symbol = try #require(row["symbol"] as? String)
                let close = live.market.dailyBar(symbol, on: Self.friday, now: live.now.date)?.close
                #expect(Self.decimal(row, "price") == close, "\(symbol)")
            }
            // In order, ties by symbol; the stock with no price last, either way.
            #expect(rows.last?["symbol"] as? String == "ZZZZQ")
            let priced = rows.dropLast()
            #expect(priced.allSatisfy { Self.decimal($0, key) != nil })
            for (a, b) in zip(priced, priced.dropFirst()) {
                let x = try #require(Self.decimal(a, key)), y = try #require(Self.decimal(b, key))
                let symbols = (a["symbol"] as! String, b["symbol"] as! String)
                #expect(ascending ? x <= y : x >= y, "\(symbols)")
                if x == y { #expect(symbols.0 < symbols.1) }
            }
            // Two grouped-daily answers price every page; no reference list, no request per row.
            #expect(live.standIn.requestCount == 2)
        }
    }

    @Test func byNameAndBySymbol() async throws {
        let live = try await LiveMarket.start()
        let listings = try Self.listings()
        let router = buildRouter(
            AppFeatures(market: live.service, search: ListingSearch(listings: { listings }, prominent: { [] })))
        try await Application(router: router).test(.router) { client in
            let byName = try await Self.allRows(client, query: "sort=name&order=desc", limit: 20)
            let names = byName.compactMap { $0["name"] as? String }
            #expect(names.count == listings.count)
            for (a, b) in zip(names, names.dropFirst()) {
                #expect(a.caseInsensitiveCompare(b) != .orderedAscending, "\(a) before \(b)")
            }
            // `order` alone sorts by symbol.
            let bySymbol = try await Self.allRows(client, query: "order=desc", limit: 1000)
            #expect(bySymbol.compactMap { $0["symbol"] as? String } == listings.map(\.symbol).sorted(by: >))
        }
    }

    @Test(
        "bad parameters are a 400 with a message",
        arguments: [
            ("sort=volume", "sort must be one of symbol, name, price, changePercent"),
            ("sort=price&order=up", "order must be asc or desc"),
            ("sort=price&cursor=abc", "cursor is not a page of this list"),
            ("sort=price&cursor=-1", "cursor is not a page of this list"),
            ("sort=name&cursor=100000", "cursor is not a page of this list"),
        ])
    func badParameters(query: String, message: String) async throws {
        let live = try await LiveMarket.start()
        let listings = try Self.listings()
        let router = buildRouter(
            AppFeatures(market: live.service, search: ListingSearch(listings: { listings }, prominent: { [] })))
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/api/v1/tickers?" + query, method: .get) { response in
                #expect(response.status == .badRequest)
                let body = try json(response)
                #expect((body["error"] as? String)?.contains(message) == true, "\(body)")
            }
        }
    }
}
