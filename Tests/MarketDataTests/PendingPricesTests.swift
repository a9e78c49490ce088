import BourseCore
import Foundation
import Networking
import TestSupport
import Testing

@testable import MarketData
@testable import MarketDataLive

/// A list answers within its patience: rows whose prices have not come are pending, and the
/// next ask, once they have, is priced, without any URL asked twice. With snapshots allowed the
/// list is priced from one snapshot; a 403 falls back to grouped daily and is remembered.
@Suite("Pending prices and snapshots", .hangLimit)
struct PendingPricesTests {
    /// Friday 2026-11-20, after the close: the last completed day is the 20th, the one before the 19th.
    static let friday = Date(timeIntervalSince1970: 1_763_672_400 + 365 * 86_400 + 3_600)

    static func answer(_ text: String, status: Int = 200) -> TransportResponse {
        TransportResponse(status: status, body: Array(text.utf8))
    }

    /// A source with AAPL at 190 on the 19th and 191.50 on the 20th; snapshots as `snapshotStatus` says.
    static func transport(snapshotStatus: Int = 403) -> RoutedTransport {
        RoutedTransport { url in
            let path = url.path
            if path == "/v3/reference/tickers" {
                return answer(#"{"status":"OK","results":[{"ticker":"AAPL","name":"Apple Inc."}]}"#)
            }
            if path == "/v3/reference/tickers/AAPL" {
                return answer(#"{"status":"OK","results":{"ticker":"AAPL","name":"Apple Inc."}}"#)
            }
            if path.hasPrefix("/v2/aggs/grouped") {
                let close = path.hasSuffix("2026-11-20") ? "191.5" : "190"
                return answer(
                    #"{"status":"OK","results":[{"T":"AAPL","o":1,"h":200,"l":1,"c":\#(close),"v":10,"t":1}]}"#)
            }
            if path.hasPrefix("/v2/snapshot"), snapshotStatus == 200 {
                let updated = Int64(friday.timeIntervalSince1970) * 1_000_000_000 - 3_600_000_000_000
                let ticker =
                    #"{"ticker":"AAPL","updated":\#(updated),"day":{"o":1,"h":200,"l":1,"c":192.25,"v":10},"#
                    + #""prevDay":{"o":1,"h":200,"l":1,"c":191.5,"v":9}}"#
                return path.hasSuffix("/AAPL")
                    ? answer(#"{"status":"OK","request_id":"r","ticker":\#(ticker)}"#)
                    : answer(#"{"status":"OK","count":1,"tickers":[\#(ticker)]}"#)
            }
            return answer(
                #"{"status":"NOT_AUTHORIZED","request_id":"x","message":"You are not entitled to this data."}"#,
                status: 403)
        }
    }

    static func market(_ transport: RoutedTransport, snapshots: Bool = false, patience: Duration? = nil) -> Market {
        let client = PolygonClient(
            configuration: PolygonConfiguration(apiKey: TestClient.apiKey, requestsPerMinute: 1000),
            transport: transport, now: { friday }, freshness: TestClient.freshness)
        return Market(
            source: .polygon, provider: client, snapshots: snapshots, pricingPatience: patience,
            deadline: .seconds(8), now: { friday })
    }

    @Test("Prices not in within the patience are pending; the next ask after they come is priced")
    func pendingThenPriced() async throws {
        let transport = Self.transport()
        transport.hold(pathsStartingWith: "/v2/aggs/grouped")
        let market = Self.market(transport, patience: .milliseconds(200))

        let first = try await market.tickers(limit: 50, cursor: nil)
        #expect(first.rows.map(\.ticker.symbol) == ["AAPL"])
        #expect(first.rows.allSatisfy { $0.pending && $0.quote == nil })
        let stock = try await market.stock("AAPL")
        #expect(stock.pending && stock.quote == nil && stock.details.name == "Apple Inc.")

        transport.release()
        var page = try await market.tickers(limit: 50, cursor: nil)
        for _ in 0..<200 where page.rows.contains(where: \.pending) {
            try await Task.sleep(for: .milliseconds(20))
            page = try await market.tickers(limit: 50, cursor: nil)
        }
        #expect(!page.rows[0].pending)
        #expect(page.rows[0].quote?.price == ExactDecimal("191.5"))
        #expect(page.rows[0].quote?.previousClose == ExactDecimal("190"))
        #expect(transport.repeatedPaths.isEmpty, "no URL was asked twice: \(transport.repeatedPaths)")
    }

    @Test("Without a patience (a command) the list waits for its prices")
    func commandsWait() async throws {
        let transport = Self.transport()
        let page = try await Self.market(transport).tickers(limit: 50, cursor: nil)
        #expect(page.rows[0].pending == false)
        #expect(page.rows[0].quote?.price == ExactDecimal("191.5"))
    }

    @Test("A key that may read snapshots prices the list from one snapshot request")
    func snapshotPricesTheList() async throws {
        let transport = Self.transport(snapshotStatus: 200)
        let market = Self.market(transport, snapshots: true)
        let quotes = try await market.quotes(for: ["AAPL"])
        #expect(quotes.value["AAPL"]?.price == ExactDecimal("192.25"))
        #expect(quotes.value["AAPL"]?.previousClose == ExactDecimal("191.5"))
        #expect(quotes.value["AAPL"]?.asOf == MarketDate(year: 2026, month: 11, day: 20))
        #expect(transport.calls.map(\.path) == ["/v2/snapshot/locale/us/markets/stocks/tickers"])

        // A stock's page asks for its own snapshot, not the whole market's again.
        let stock = try await market.stock("AAPL")
        #expect(stock.quote?.price == ExactDecimal("192.25") && !stock.pending)
        #expect(transport.calls.map(\.path).contains("/v2/snapshot/locale/us/markets/stocks/tickers/AAPL"))
        #expect(!transport.calls.map(\.path).contains(where: { $0.hasPrefix("/v2/aggs/grouped") }))
    }

    @Test("A 403 on the snapshot falls back to grouped daily and is remembered until restart")
    func notAuthorizedIsRemembered() async throws {
        let transport = Self.transport(snapshotStatus: 403)
        let market = Self.market(transport, snapshots: true)
        let first = try await market.quotes(for: ["AAPL"])
        #expect(first.value["AAPL"]?.price == ExactDecimal("191.5"))
        let snapshotAsks = { transport.calls.filter { $0.path.hasPrefix("/v2/snapshot") }.count }
        #expect(snapshotAsks() == 1)
        for _ in 0..<3 { _ = try await market.quotes(for: ["AAPL"]) }
        _ = try await market.stock("AAPL")
        #expect(snapshotAsks() == 1, "the refusal is remembered, for a stock's own snapshot too")
        #expect(transport.repeatedPaths.isEmpty)
    }
}
