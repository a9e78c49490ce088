import BourseCore
import Foundation
import Hummingbird
import Logging
import StandIns

/// The simulated market as "Massive" on its free tier over loopback: the snapshots refused
/// (403 NOT_AUTHORIZED, the stand-in's `--tier free`) and grouped daily (the prices) answering
/// `delay` late (`--slow`), as a command sees it while its price waits for the rate limit.
final class SlowPricesSource: Sendable {
    let url: String
    private let server: Task<Void, any Error>

    private init(url: String, server: Task<Void, any Error>) {
        self.url = url
        self.server = server
    }

    /// A small market (AAPL and MSFT), not the bundled 8,400 stocks: their grouped daily takes
    /// seconds of CPU in a debug build, and tests beside this one have deadlines.
    static func start(delay: Duration) async throws -> SlowPricesSource {
        let market = SimulatedMarket(listings: [
            Listing(symbol: "AAPL", name: "Apple Inc.", exchange: .nasdaq, isETF: false),
            Listing(symbol: "MSFT", name: "Microsoft Corporation", exchange: .nasdaq, isETF: false),
        ])
        let standIn = PolygonStandIn(
            market: market, tier: .free, delays: [PathDelay(prefix: "/v2/aggs/grouped", delay: delay)])
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let (port, server) = try await LoopbackServer.start { onRunning in
            standIn.makeApplication(host: "127.0.0.1", port: 0, logger: quiet, onServerRunning: onRunning)
        }
        return SlowPricesSource(url: "http://127.0.0.1:\(port)", server: server)
    }

    func stop() { server.cancel() }
}
