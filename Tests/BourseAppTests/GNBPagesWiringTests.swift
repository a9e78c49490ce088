import Foundation
import Hummingbird
import HummingbirdTesting
import MarketData
import Testing
@testable import BourseApp

/// The app's own router serves the GNB pages and the assets.
@Suite("GNB pages: wiring")
struct GNBPagesWiringTests {
    @Test(arguments: ["/gnb", "/gnb/T2006", "/assets/bourse.css", "/assets/gnb.js"])
    func servedByTheAppRouter(path: String) async throws {
        let market = MarketService(sourceName: "simulated", provider: FailingMarketDataProvider(), now: { Date() })
        let app = Application(router: buildRouter(market: market))

        try await app.test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
