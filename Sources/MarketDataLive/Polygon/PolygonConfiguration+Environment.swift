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
    /// Reads the key, base URL, rate (requests per minute) and key placement (`query` or
    /// `header`, default `query`) from `MASSIVE_API_KEY`, `MASSIVE_BASE_URL`, `MASSIVE_RATE_LIMIT`
    /// and `MASSIVE_KEY_IN`, each falling back to its `POLYGON_` name (Polygon.io became Massive
    /// in October 2025; keys and paths are unchanged). Unset or empty means the default; an error
    /// names the variable that was read.
    public init(environment: [String: String]) throws(PolygonConfigurationError) {
        /// The first of `MASSIVE_<name>`, `POLYGON_<name>` that is set, and which it was.
        func value(_ name: String) -> (variable: String, text: String)? {
            for variable in ["MASSIVE_\(name)", "POLYGON_\(name)"] {
                if let raw = environment[variable]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty {
                    return (variable, raw)
                }
            }
            return nil
        }
        self.init()
        apiKey = value("API_KEY")?.text
        if let (variable, text) = value("BASE_URL") {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host?.isEmpty == false
            else {
                throw PolygonConfigurationError(
                    variable: variable, reason: "expected an http(s) URL such as https://api.massive.com, got '\(text)'")
            }
            baseURL = url
        }
        if let (variable, text) = value("RATE_LIMIT") {
            guard let perMinute = Int(text), perMinute >= 1 else {
                throw PolygonConfigurationError(
                    variable: variable, reason: "expected a whole number of requests per minute, 1 or more, got '\(text)'")
            }
            requestsPerMinute = perMinute
        }
        if let (variable, text) = value("KEY_IN") {
            switch text.lowercased() {
            case "query": keyPlacement = .queryParameter
            case "header": keyPlacement = .bearerHeader
            default:
                throw PolygonConfigurationError(variable: variable, reason: "expected 'query' or 'header', got '\(text)'")
            }
        }
    }
}
