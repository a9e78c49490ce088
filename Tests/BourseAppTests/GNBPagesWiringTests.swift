import Foundation
import GNBData
import GNBDataLive
import GNBFeature
import Hummingbird
import HummingbirdTesting
import Logging
import MarketData
import Testing

@testable import BourseApp

/// The app's own router serves the GNB pages and the assets.
@Suite("GNB pages: wiring")
struct GNBPagesWiringTests {
    @Test(arguments: ["/gnb", "/gnb/T2006", "/assets/layout.css", "/assets/gnb.js"])
    func servedByTheAppRouter(path: String) async throws {
        let market = Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })
        let gnb = GNBCatalog(
            client: GNBClient(accept: .json, logger: Logger(label: "test")),
            sources: GNBSources(baseURL: URL(string: "http://127.0.0.1:9/gnb")!))
        let app = Application(router: buildRouter(AppFeatures(market: market, gnb: gnb)))

        try await app.test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
