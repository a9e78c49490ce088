import Hummingbird
import StandIns

/// `bourse sim`: the stand-in services alone.
public enum StandInServer {
    public static func run(host: String, port: Int, rateLimit: Int?) async throws {
        let logger = Log.make("bourse.sim", environment: [:])
        let standIn = PolygonStandIn(market: try SimulatedMarket.bundled(), rateLimit: rateLimit)
        let limit = rateLimit.map { "\($0) requests/minute" } ?? "no rate limit"
        let app = standIn.makeApplication(host: host, port: port, logger: logger) { port in
            logger.notice("Simulated Polygon-compatible market at http://\(host):\(port) (\(limit))")
        }
        try await app.runService()
    }
}
