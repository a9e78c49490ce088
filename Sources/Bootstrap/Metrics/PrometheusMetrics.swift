import BourseApp
import Prometheus

/// The app's metrics over a Prometheus registry of its own (not the process-wide one), shown at
/// `/metrics` in the text format (docs/metrics.md).
enum PrometheusMetrics {
    /// Request and commit times are mostly well under a millisecond on loopback; a limiter wait
    /// can last up to a minute on Polygon's free tier.
    static let requestBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]
    static let limiterBuckets: [Duration] = [
        .milliseconds(1), .milliseconds(10), .milliseconds(100), .seconds(1), .seconds(5), .seconds(15),
        .seconds(30), .seconds(60),
    ]

    static func make() -> AppMetrics {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = requestBuckets
        factory.durationHistogramBuckets["bourse_upstream_limiter_wait_seconds"] = limiterBuckets
        return AppMetrics(factory: factory) { registry.emitToBuffer() }
    }
}
