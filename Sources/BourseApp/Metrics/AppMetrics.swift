import Metrics

/// What the web app records and how it shows it: the swift-metrics factory every part of the app
/// records through, and the registry's text for `GET /metrics` (docs/metrics.md).
///
/// The bootstrap makes one over a Prometheus registry; a test makes its own, so that no two share
/// counts. The app never reaches for the process-wide `MetricsSystem`.
public struct AppMetrics: Sendable {
    /// Where the app's counters, gauges and timers are made.
    public let factory: any MetricsFactory
    /// Every metric of the registry, in Prometheus's text format.
    let exposition: @Sendable () -> [UInt8]
    /// Connections the server holds open now (HTTP and upgraded sockets alike).
    let openConnections: Meter
    /// Exchange screens' sockets open now.
    let openSockets: Meter
    /// Exchange screens' sockets closed for falling behind (a page that stopped reading).
    let socketsFellBehind: Counter

    /// Metrics made by `factory`, shown at `/metrics` as `exposition` renders them.
    public init(factory: any MetricsFactory, exposition: @escaping @Sendable () -> [UInt8]) {
        self.factory = factory
        self.exposition = exposition
        openConnections = Meter(label: "bourse_http_open_connections", factory: factory)
        openSockets = Meter(label: "bourse_websocket_open_sockets", dimensions: [("socket", "exchange")], factory: factory)
        socketsFellBehind = Counter(
            label: "bourse_websocket_fell_behind_total", dimensions: [("socket", "exchange")], factory: factory)
    }
}
