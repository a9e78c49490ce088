import Hummingbird

/// `GET /metrics`: every metric in Prometheus's text format (docs/metrics.md). Protected like the
/// API once a password is set: a scraper sends an API token (`Authorization: Bearer`).
struct MetricsController: FeatureController {
    let metrics: AppMetrics

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("metrics") { [metrics] _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
        }
    }
}
