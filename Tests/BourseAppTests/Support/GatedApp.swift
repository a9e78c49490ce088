import BourseCore
import Exchange
import ExchangeFeature
import ExchangeLive
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MarketData
import Metrics
import Storage
import Testing

@testable import BourseApp

/// The app built as `bourse serve` builds it (`buildApplication`: the connection gate, the
/// middleware, HTTPS when the settings carry a certificate), with the exchange on an in-memory
/// database, served on a free loopback port while a test runs.
struct GatedApp {
    let desk: TradingDesk
    let application: Application<RouterResponder<AppRequestContext>>

    /// `market` defaults to one that must not be asked (pages, the exchange and errors need
    /// none). A route `GET /test/connection` answers `context.connection` as
    /// `"clientAddress secure|plain"`. With `metrics`, the app records into them and serves `/metrics`.
    init(network: NetworkSettings = NetworkSettings(), market: Market? = nil, metrics: AppMetrics? = nil) async throws {
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        desk = try await TradingDesk(
            store: DatabaseOrderStore(database: try BourseDatabase()), logger: quiet,
            metrics: metrics?.factory ?? NOOPMetricsHandler.instance)
        let exchange = ExchangeVenue(desk: desk, source: .simulated, symbol: "AAPL")
        let market = market ?? Market(source: .simulated, provider: FailingMarketDataProvider(), now: { Date() })
        let connectionRoute = ExternalRoutes { router in
            router.get("test/connection") { _, context in
                "\(context.connection.clientAddress) \(context.connection.isSecure ? "secure" : "plain")"
            }
        }
        let features = AppFeatures(market: market, exchange: exchange, metrics: metrics, external: [connectionRoute])
        application = try buildApplication(
            features, services: [desk, desk.broadcaster], network: network, port: 0, logger: quiet)
    }

    /// Runs `body` with the port while the app serves.
    func run<T: Sendable>(_ body: @escaping @Sendable (_ port: Int) async throws -> T) async throws -> T {
        try await application.test(.live) { client in
            try await body(try #require(client.port))
        }
    }
}
