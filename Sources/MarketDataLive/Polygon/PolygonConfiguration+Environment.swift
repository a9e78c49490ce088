import Foundation
import MarketData

/// A configuration value in the environment that cannot be used. Never carries the key.
public struct PolygonConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The environment variable at fault.
    public var variable: String
    /// What is wrong with it and what is expected.
    public var reason: String

    public var description: String { "\(variable): \(reason)" }
}

extension PolygonConfiguration {
    /// Reads `POLYGON_API_KEY`, `POLYGON_BASE_URL`, `POLYGON_RATE_LIMIT` (requests per minute)
    /// and `POLYGON_KEY_IN` (`query` or `header`, default `query`); unset or empty means the default.
    public init(environment: [String: String]) throws(PolygonConfigurationError) {
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines),
                !raw.isEmpty
            else { return nil }
            return raw
        }
        self.init()
        apiKey = value("POLYGON_API_KEY")
        if let text = value("POLYGON_BASE_URL") {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host?.isEmpty == false
            else {
                throw PolygonConfigurationError(
                    variable: "POLYGON_BASE_URL",
                    reason: "expected an http(s) URL such as https://api.polygon.io, got '\(text)'")
            }
            baseURL = url
        }
        if let text = value("POLYGON_RATE_LIMIT") {
            guard let perMinute = Int(text), perMinute >= 1 else {
                throw PolygonConfigurationError(
                    variable: "POLYGON_RATE_LIMIT",
                    reason: "expected a whole number of requests per minute, 1 or more, got '\(text)'")
            }
            requestsPerMinute = perMinute
        }
        if let text = value("POLYGON_KEY_IN") {
            switch text.lowercased() {
            case "query": keyPlacement = .queryParameter
            case "header": keyPlacement = .bearerHeader
            default:
                throw PolygonConfigurationError(
                    variable: "POLYGON_KEY_IN", reason: "expected 'query' or 'header', got '\(text)'")
            }
        }
    }
}
