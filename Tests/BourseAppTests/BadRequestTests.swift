import Foundation
import Hummingbird
import HummingbirdTesting
import MarketData
import Testing

@testable import BourseApp

@Suite("Bad requests get a 4xx with a message, and cost no request")
struct BadRequestTests {
    static func app() -> some ApplicationProtocol {
        let market = Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })
        return Application(router: buildRouter(AppFeatures(market: market)))
    }

    @Test(
        "refused",
        arguments: [
            ("/api/v1/tickers?limit=0", 400, "limit must be a whole number from 1 to 1000"),
            ("/api/v1/tickers?limit=1001", 400, "limit must be a whole number from 1 to 1000"),
            ("/api/v1/tickers?limit=abc", 400, "limit must be a whole number"),
            ("/api/v1/tickers?limit=-5", 400, "limit must be a whole number"),
            ("/api/v1/stocks/AAPL%3BDROP", 400, "is not a ticker symbol"),
            ("/api/v1/stocks/ABCDEFGHIJKLMN", 400, "longer than 12 characters"),
            // a letter that upper-cases to ASCII is still not one (`ıbm` is not IBM), as the API's contract says
            ("/api/v1/stocks/%C4%B1bm", 400, "only letters, digits, '.' and '-' are allowed"),
            ("/api/v1/stocks/AAPL/bars?range=2W", 400, "range must be one of 1D, 5D, 1M, 3M, 1Y"),
            ("/api/v1/stocks/%3Cscript%3E/bars?range=1D", 400, "is not a ticker symbol"),
            ("/api/v1/nothing-here", 404, "no such page or endpoint"),
        ])
    func refused(path: String, status: Int, message: String) async throws {
        try await Self.app().test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status.code == status)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                let body = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: String]
                let error = try #require(body?["error"])
                #expect(error.contains(message), "\(error)")
            }
        }
    }
}
