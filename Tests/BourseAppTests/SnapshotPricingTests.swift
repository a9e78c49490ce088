import BourseCore
import Foundation
import MarketData
import MarketDataLive
import TestSupport
import Testing

/// Massive's paid tiers price the list from one snapshot: over HTTP against the stand-in, the
/// snapshot's prices are grouped daily's, to the cent, and a stock's own snapshot agrees.
@Suite("Snapshot pricing against the stand-in")
struct SnapshotPricingTests {
    @Test func snapshotPricesAreGroupedDailysPrices() async throws {
        let live = try await LiveMarket.start()
        let client = PolygonClient(
            configuration: PolygonConfiguration(baseURL: live.baseURL, apiKey: nil, requestsPerMinute: 1000),
            now: { live.now.date })
        let paid = Market(source: .polygon, provider: client, snapshots: true, now: { live.now.date })
        let symbols = ["AAPL", "MSFT", "KO", "BRK.A", "F"]

        let fromSnapshot = try await paid.quotes(for: symbols)
        let before = live.standIn.requestCount
        let fromGrouped = try await live.service.quotes(for: symbols)
        #expect(live.standIn.requestCount - before == 2, "the other market priced from two grouped-daily answers")
        #expect(fromSnapshot.value.count == symbols.count)
        #expect(fromSnapshot.value == fromGrouped.value)
        #expect(fromSnapshot.value["AAPL"]?.asOf == MarketDate(iso: "2026-11-20"))

        let stock = try await paid.stock("AAPL")
        #expect(stock.quote == fromGrouped.value["AAPL"])
    }
}
