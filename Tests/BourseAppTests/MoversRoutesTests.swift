import BourseCore
import BundledData
import Foundation
import Hummingbird
import HummingbirdTesting
import MarketsFeature
import StandIns
import TestSupport
import Testing

@testable import BourseApp

/// `GET /api/v1/movers` (SPEC §13) over the real stack, checked against the simulated market's
/// own bars for the day, with the requests to the source counted.
@Suite("Movers over the real stack")
struct MoversRoutesTests {
    static let friday = MarketDate(iso: "2026-11-20")!
    static let thursday = MarketDate(iso: "2026-11-19")!

    /// The three lists as symbols, computed here from the simulated market's grouped bars.
    static func reference(_ live: LiveMarket, listed: Set<String>) -> (gainers: [String], losers: [String], active: [String]) {
        let previous = Dictionary(
            live.market.groupedDaily(on: thursday, now: live.now.date).map { ($0.symbol, $0.bar.close) },
            uniquingKeysWith: { a, _ in a })
        var rows: [(symbol: String, percent: ExactDecimal, volume: ExactDecimal)] = []
        for grouped in live.market.groupedDaily(on: friday, now: live.now.date) where listed.contains(grouped.symbol) {
            guard let before = previous[grouped.symbol], before >= 1, grouped.bar.volume >= 100_000 else { continue }
            let percent = try! ((grouped.bar.close - before) * 100).divided(by: before, places: 2, .halfEven)
            rows.append((grouped.symbol, percent, grouped.bar.volume))
        }
        func top(
            _ before: (
                (symbol: String, percent: ExactDecimal, volume: ExactDecimal),
                (symbol: String, percent: ExactDecimal, volume: ExactDecimal)
            ) -> Bool
        ) -> [String] {
            Array(rows.sorted(by: before).prefix(10).map(\.symbol))
        }
        return (
            top { $0.percent != $1.percent ? $0.percent > $1.percent : $0.symbol < $1.symbol },
            top { $0.percent != $1.percent ? $0.percent < $1.percent : $0.symbol < $1.symbol },
            top { $0.volume != $1.volume ? $0.volume > $1.volume : $0.symbol < $1.symbol }
        )
    }

    @Test func theDaysMoversAtNoRequestOfTheirOwn() async throws {
        let live = try await LiveMarket.start()
        let listings = try BundledData.listings()
        let router = buildRouter(AppFeatures(market: live.service, search: ListingSearch(listings: { listings })))
        let expected = Self.reference(live, listed: Set(listings.map(\.symbol)))
        try await Application(router: router).test(.router) { client in
            // The list first, as the page does: its pricing is the movers' too.
            try await client.execute(uri: "/api/v1/tickers?limit=50", method: .get) { #expect($0.status == .ok) }
            let before = live.standIn.requestCount
            try await client.execute(uri: "/api/v1/movers", method: .get) { response in
                #expect(response.status == .ok)
                let body = try json(response)
                #expect(body["asOf"] as? String == "2026-11-20")
                #expect(body["source"] as? String == "simulated" && body["stale"] as? Bool == false)
                let lists = try ["gainers", "losers", "active"].map { try #require(body[$0] as? [[String: Any]]) }
                #expect(
                    lists.map { $0.compactMap { $0["symbol"] as? String } } == [
                        expected.gainers, expected.losers, expected.active,
                    ])
                for row in lists.joined() {
                    #expect(Set(row.keys) == ["symbol", "name", "price", "change", "changePercent", "volume"])
                    let symbol = try #require(row["symbol"] as? String)
                    let bar = try #require(live.market.dailyBar(symbol, on: Self.friday, now: live.now.date))
                    #expect(row["price"] as? String == bar.close.description)
                    #expect((row["volume"] as? Int).map { ExactDecimal($0) } == bar.volume.rounded(toPlaces: 0, .down))
                    #expect((row["volume"] as? Int ?? 0) >= 100_000)
                    #expect(!(row["name"] as? String ?? "").isEmpty)
                }
                let gains = lists[0].compactMap { ($0["changePercent"] as? String).flatMap { ExactDecimal($0) } }
                #expect(gains.count == 10 && gains == gains.sorted(by: >))
            }
            #expect(live.standIn.requestCount == before, "the movers asked the source again")
        }
    }

    @Test func theIndexFundsArePricedFromTheSameAnswer() async throws {
        let live = try await LiveMarket.start()
        let listings = try BundledData.listings()
        let router = buildRouter(AppFeatures(market: live.service, search: ListingSearch(listings: { listings })))
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/api/v1/tickers?limit=10", method: .get) { #expect($0.status == .ok) }
            let before = live.standIn.requestCount
            try await client.execute(uri: "/api/v1/quotes?symbols=SPY,qqq,DIA,IWM,ZZZZQ,SPY", method: .get) { response in
                #expect(response.status == .ok)
                let body = try json(response)
                let rows = try #require(body["results"] as? [[String: Any]])
                // In the order asked, each once; a symbol that is not listed is left out.
                #expect(rows.compactMap { $0["symbol"] as? String } == ["SPY", "QQQ", "DIA", "IWM"])
                #expect(rows.first?["name"] as? String == "State Street SPDR S&P 500 ETF Trust")
                for row in rows {
                    let symbol = try #require(row["symbol"] as? String)
                    let close = try #require(live.market.dailyBar(symbol, on: Self.friday, now: live.now.date)?.close)
                    #expect(row["price"] as? String == close.description, "\(symbol)")
                }
            }
            #expect(live.standIn.requestCount == before, "the quotes asked the source again")
        }
    }

    @Test(
        "bad symbols are a 400 with a message",
        arguments: [
            ("/api/v1/quotes", "symbols is required"),
            ("/api/v1/quotes?symbols=SPY,%3Cb%3E", "ticker symbol"),
            ("/api/v1/quotes?symbols=" + (0..<51).map { "S\($0)" }.joined(separator: ","), "1 to 50"),
        ])
    func badSymbols(uri: String, message: String) async throws {
        let live = try await LiveMarket.start()
        try await Application(router: buildRouter(AppFeatures(market: live.service, search: ListingSearch()))).test(.router) {
            client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .badRequest)
                let body = try json(response)
                #expect((body["error"] as? String)?.contains(message) == true, "\(body)")
            }
        }
    }

    @Test func withoutListingsItSaysSo() async throws {
        let live = try await LiveMarket.start()
        try await Application(router: live.router).test(.router) { client in
            try await client.execute(uri: "/api/v1/movers", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                let body = try json(response)
                #expect((body["error"] as? String)?.contains("listings") == true)
            }
        }
    }
}
