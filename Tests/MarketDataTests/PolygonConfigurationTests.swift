import Foundation
import MarketData
import MarketDataLive
import Testing

@Suite("Massive (Polygon) configuration from the environment")
struct PolygonConfigurationTests {
    @Test("Nothing set: the real API, no key, 5 a minute, key in the query")
    func defaults() throws {
        let configuration = try PolygonConfiguration(environment: [:])

        #expect(configuration.baseURL.absoluteString == "https://api.massive.com")
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

    @Test("MASSIVE_ names first, each falling back to its POLYGON_ name")
    func massiveNames() throws {
        let massive = try PolygonConfiguration(environment: [
            "MASSIVE_API_KEY": "m1", "POLYGON_API_KEY": "p1", "MASSIVE_BASE_URL": "http://127.0.0.1:8082",
            "POLYGON_BASE_URL": "http://127.0.0.1:8081", "POLYGON_RATE_LIMIT": "50", "MASSIVE_KEY_IN": "header",
            "POLYGON_KEY_IN": "query",
        ])
        #expect(massive.apiKey == "m1")
        #expect(massive.baseURL.absoluteString == "http://127.0.0.1:8082")
        #expect(massive.requestsPerMinute == 50)
        #expect(massive.keyPlacement == .bearerHeader)

        // An empty MASSIVE_ variable counts as unset.
        let polygon = try PolygonConfiguration(environment: ["MASSIVE_API_KEY": " ", "POLYGON_API_KEY": "p1"])
        #expect(polygon.apiKey == "p1")
        #expect(try PolygonConfiguration(environment: ["MASSIVE_API_KEY": "m1"]).apiKey == "m1")
    }

    @Test(
        "Bad values are refused, naming the variable and never showing the key",
        arguments: [
            ("POLYGON_RATE_LIMIT", "0"), ("POLYGON_RATE_LIMIT", "five"), ("POLYGON_KEY_IN", "cookie"),
            ("POLYGON_BASE_URL", "ftp://x"), ("POLYGON_BASE_URL", "not a url"), ("MASSIVE_BASE_URL", "ftp://x"),
            ("MASSIVE_RATE_LIMIT", "-1"), ("MASSIVE_KEY_IN", "cookie"),
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
