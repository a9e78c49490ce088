import Foundation
import Hummingbird
import HummingbirdTesting
import StandIns
import Testing

/// `PolygonTier.free`: Massive's free plan, over real HTTP on loopback. Snapshots, last trade and
/// last quote are 403 with Massive's NOT_AUTHORIZED body; the end-of-day endpoints still answer.
@Suite("PolygonStandIn: Massive's free tier")
struct FreeTierStandInTests {
    static let paidOnly = [
        "/v2/snapshot/locale/us/markets/stocks/tickers", "/v2/snapshot/locale/us/markets/stocks/tickers?tickers=AAPL",
        "/v2/snapshot/locale/us/markets/stocks/tickers/AAPL", "/v2/snapshot/locale/us/markets/stocks/gainers",
        "/v2/snapshot/locale/us/markets/stocks/losers", "/v2/last/trade/AAPL", "/v2/last/nbbo/AAPL",
    ]

    static let endOfDay = [
        "/v2/aggs/grouped/locale/us/market/stocks/2025-06-17?adjusted=true", "/v3/reference/tickers?limit=2",
        "/v3/reference/tickers/AAPL", "/v2/aggs/ticker/AAPL/prev",
        "/v2/aggs/ticker/AAPL/range/1/day/2025-06-02/2025-06-17", "/v1/open-close/AAPL/2025-06-17",
        "/v1/marketstatus/now", "/v1/marketstatus/upcoming",
    ]

    static func app(tier: PolygonTier, now: Date = Fixtures.evening) -> some ApplicationProtocol {
        Application(router: PolygonStandIn(market: Fixtures.smallMarket(), tier: tier, clock: { now }).buildRouter())
    }

    @Test("free: a paid-only path is 403 with Massive's NOT_AUTHORIZED body and a request id", arguments: paidOnly)
    func refused(uri: String) async throws {
        try await Self.app(tier: .free).test(.live) { client in
            let answer = try await Answer.get(client, uri + (uri.contains("?") ? "&" : "?") + "apiKey=k")
            #expect(answer.status == .forbidden)
            #expect(answer.json["status"]?.stringValue == "NOT_AUTHORIZED")
            #expect(answer.json["request_id"]?.stringValue?.count == 32)
            #expect(
                answer.json["message"]?.stringValue
                    == "You are not entitled to this data. Please upgrade your plan at https://massive.com/pricing")
            #expect(answer.json["error"] == nil)
            #expect(
                answer.text.hasPrefix(#"{"status":"NOT_AUTHORIZED","request_id":""#),
                "Massive's order of fields: \(answer.text)")
        }
    }

    @Test("paid (the default): the same paths answer 200", arguments: paidOnly)
    func paidAnswers(uri: String) async throws {
        try await Self.app(tier: .paid).test(.live) { client in
            let answer = try await Answer.get(client, uri)
            #expect(answer.status == .ok)
            #expect(answer.json["status"]?.stringValue == "OK")
        }
    }

    @Test("free: grouped daily, reference data, aggregates, open-close and market status still answer")
    func endOfDayAnswers() async throws {
        try await Self.app(tier: .free).test(.live) { client in
            for uri in Self.endOfDay {
                let answer = try await Answer.get(client, uri)
                #expect(answer.status == .ok, "\(uri): \(answer.text.prefix(200))")
            }
        }
    }

    @Test(
        "during the session the free plan serves end-of-day data (no bar of today anywhere), a paid plan today so far",
        arguments: [PolygonTier.free, .paid])
    func todayDuringTheSession(tier: PolygonTier) async throws {
        let midday = Fixtures.utc("2025-06-18T16:00:00Z")  // Wednesday 12:00 New York
        try await Self.app(tier: tier, now: midday).test(.router) { client in
            let grouped = try await Answer.get(client, "/v2/aggs/grouped/locale/us/market/stocks/2025-06-18")
            let daily = try await Answer.get(client, "/v2/aggs/ticker/AAPL/range/1/day/2025-06-16/2025-06-18")
            let minutes = try await Answer.get(client, "/v2/aggs/ticker/AAPL/range/1/minute/2025-06-18/2025-06-18")
            let days = daily.json["results"]?.arrayValue?.compactMap { $0["t"]?.int64Value } ?? []
            switch tier {
            case .free:
                #expect(grouped.json["resultsCount"]?.int64Value == 0)
                #expect(days == [1_750_046_400_000, 1_750_132_800_000])  // Monday and Tuesday
                #expect(minutes.json["resultsCount"]?.int64Value == 0)
            case .paid:
                #expect(grouped.json["resultsCount"]?.int64Value == 6)
                #expect(days.count == 3)
                #expect(minutes.json["resultsCount"]?.int64Value == 150)  // 09:30 to 11:59
            }
            // The previous close is the last completed day on every plan.
            let previous = try await Answer.get(client, "/v2/aggs/ticker/AAPL/prev")
            #expect(previous.json["results"]?.arrayValue?.first?["t"]?.int64Value == 1_750_132_800_000)
        }
    }
}
