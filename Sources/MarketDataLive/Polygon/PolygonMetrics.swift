import MarketData
import Metrics

/// What the Polygon client records (docs/metrics.md), made by the factory it is given:
///
/// - `bourse_upstream_requests_total{source, endpoint, outcome}`: every request sent, one per
///   attempt, by how it ended: `ok`, `invalid` (a 2xx whose body is garbled), `too_large`,
///   `refused` (a 4xx other than 429), `rate_limited` (429), `server_error` (5xx), `no_answer`
///   (no connection, a timeout);
/// - `bourse_upstream_limiter_wait_seconds{source}`: how long each send waited for the limiter;
/// - `bourse_upstream_cache_total{source, result}`: each answer asked for, by where it came from
///   (`hit`: a fresh saved answer; `miss`: it went to the source; `stale`: the source failed or
///   was slow and a saved answer was served).
struct PolygonMetrics: Sendable {
    /// How one attempt on the network ended.
    enum Outcome: String, CaseIterable, Sendable {
        case ok
        case invalid
        case refused
        case rateLimited = "rate_limited"
        case serverError = "server_error"
        case tooLarge = "too_large"
        case noAnswer = "no_answer"
    }

    enum CacheResult: String, CaseIterable, Sendable {
        case hit, miss, stale
    }

    static let source = "polygon"

    /// One counter for each endpoint and outcome, made up front (zero until used).
    private let requests: [String: Counter]
    private let cache: [CacheResult: Counter]
    private let limiterWait: Timer

    init(factory: any MetricsFactory) {
        var requests: [String: Counter] = [:]
        for endpoint in PolygonRequest.endpoints {
            for outcome in Outcome.allCases {
                requests[endpoint + " " + outcome.rawValue] = Counter(
                    label: "bourse_upstream_requests_total",
                    dimensions: [("source", Self.source), ("endpoint", endpoint), ("outcome", outcome.rawValue)],
                    factory: factory)
            }
        }
        self.requests = requests
        var cache: [CacheResult: Counter] = [:]
        for result in CacheResult.allCases {
            cache[result] = Counter(
                label: "bourse_upstream_cache_total", dimensions: [("source", Self.source), ("result", result.rawValue)],
                factory: factory)
        }
        self.cache = cache
        limiterWait = Timer(
            label: "bourse_upstream_limiter_wait_seconds", dimensions: [("source", Self.source)], factory: factory)
    }

    func sent(_ request: PolygonRequest, outcome: Outcome) {
        requests[request.endpoint + " " + outcome.rawValue]?.increment()
    }

    func waited(_ duration: Duration) {
        limiterWait.record(duration: duration)
    }

    func answered(_ result: CacheResult) {
        cache[result]?.increment()
    }
}

extension PolygonRequest {
    static let endpoints = ["tickers", "ticker_details", "aggregates", "grouped_daily", "previous_close", "other"]

    /// The endpoint's name for metrics, one of `endpoints`: never a symbol or a date.
    var endpoint: String {
        if path.hasPrefix("/v3/reference/tickers/") { return "ticker_details" }
        if path == "/v3/reference/tickers" { return "tickers" }
        if path.hasPrefix("/v2/aggs/grouped/") { return "grouped_daily" }
        if path.hasPrefix("/v2/aggs/ticker/") { return path.hasSuffix("/prev") ? "previous_close" : "aggregates" }
        return "other"
    }
}
