import BourseCore
import Foundation
import Logging
import MarketData
import MarketDataLive
import StandIns
import TestSupport
import Testing

/// Massive's paid tiers price the list from one snapshot: over HTTP against the stand-in, the
/// snapshot's prices are grouped daily's, to the cent, and a stock's own snapshot agrees.
@Suite("Snapshot pricing against the stand-in")
struct SnapshotPricingTests {
    /// Five stocks, not the bundled 8,400: a whole-market snapshot of those takes seconds of CPU
    /// in a debug build, and the tests beside this one have deadlines.
    static let listings = [
        Listing(symbol: "AAPL", name: "Apple Inc.", exchange: .nasdaq, isETF: false),
        Listing(symbol: "BRK.A", name: "Berkshire Hathaway Inc.", exchange: .nyse, isETF: false),
        Listing(symbol: "F", name: "Ford Motor Company", exchange: .nyse, isETF: false),
        Listing(symbol: "KO", name: "The Coca-Cola Company", exchange: .nyse, isETF: false),
        Listing(symbol: "MSFT", name: "Microsoft Corporation", exchange: .nasdaq, isETF: false),
    ]

    @Test func snapshotPricesAreGroupedDailysPrices() async throws {
        let now = LiveMarket.fridayEvening
        let standIn = PolygonStandIn(market: SimulatedMarket(listings: Self.listings), clock: { now })
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let (port, server) = try await LoopbackServer.start { onRunning in
            standIn.makeApplication(host: "127.0.0.1", port: 0, logger: quiet, onServerRunning: onRunning)
        }
        defer { server.cancel() }
        func market(snapshots: Bool) -> Market {
            let client = PolygonClient(
                configuration: PolygonConfiguration(
                    baseURL: URL(string: "http://127.0.0.1:\(port)")!, apiKey: nil, requestsPerMinute: 1000),
                now: { now })
            return Market(source: .polygon, provider: client, snapshots: snapshots, now: { now })
        }
        let paid = market(snapshots: true)
        let free = market(snapshots: false)
        let symbols = Self.listings.map(\.symbol)

        let fromSnapshot = try await paid.quotes(for: symbols)
        #expect(standIn.requestCount == 1, "one snapshot request priced every stock")
        let fromGrouped = try await free.quotes(for: symbols)
        #expect(standIn.requestCount == 3, "the other market priced from two grouped-daily answers")
        #expect(fromSnapshot.value.count == symbols.count)
        #expect(fromSnapshot.value == fromGrouped.value)
        #expect(fromSnapshot.value["AAPL"]?.asOf == MarketDate(iso: "2026-11-20"))

        let stock = try await paid.stock("AAPL")
        #expect(stock.quote == fromGrouped.value["AAPL"])
    }
}
