import Foundation
import MarketData
import MarketDataLive
import Testing

@Suite("Polygon configuration from the environment")
struct PolygonConfigurationTests {
    @Test("Nothing set: the real API, no key, 5 a minute, key in the query")
    func defaults() throws {
        let configuration = try PolygonConfiguration(environment: [:])

        #expect(configuration.baseURL.absoluteString == "https://api.polygon.io")
        #expect(configuration.apiKey == nil)
        #expect(configuration.requestsPerMinute == 5)
        #expect(configuration.keyPlacement == .queryParameter)
    }

    @Test("Every variable is read")
    func allVariables() throws {
        let configuration = try PolygonConfiguration(environment: [
            "POLYGON_API_KEY": "k123", "POLYGON_BASE_URL": "http://127.0.0.1:8081",
            "POLYGON_RATE_LIMIT": "600", "POLYGON_KEY_IN": "header",
        ])

        #expect(configuration.apiKey == "k123")
        #expect(configuration.baseURL.absoluteString == "http://127.0.0.1:8081")
        #expect(configuration.requestsPerMinute == 600)
        #expect(configuration.keyPlacement == .bearerHeader)
    }

    @Test(
        "Bad values are refused, naming the variable and never showing the key",
        arguments: [
            ("POLYGON_RATE_LIMIT", "0"), ("POLYGON_RATE_LIMIT", "five"), ("POLYGON_KEY_IN", "cookie"),
            ("POLYGON_BASE_URL", "ftp://x"), ("POLYGON_BASE_URL", "not a url"),
        ])
    func badValues(variable: String, value: String) {
        #expect {
            try PolygonConfiguration(environment: ["POLYGON_API_KEY": "k123", variable: value])
        } throws: { error in
            guard let error = error as? PolygonConfigurationError else { return false }
            return error.variable == variable && !error.description.contains("k123")
        }
    }

    @Test("The live factory builds a client from the environment")
    func liveFactory() throws {
        let client = try PolygonClient.live(environment: ["POLYGON_RATE_LIMIT": "50"])

        #expect(client.configuration.requestsPerMinute == 50)
    }
}
