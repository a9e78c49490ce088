import Hummingbird
import StandIns

/// `bourse sim`: the stand-in services alone: the simulated Polygon market at `/v2/...` and
/// `/v3/...`, and the GNB service at `/gnb/rates` and `/gnb/transactions`.
public enum StandInServer {
    public static func run(host: String, port: Int, rateLimit: Int?, gnbData: GNBSampleSet) async throws {
        let logger = Log.make("bourse.sim", environment: [:])
        let polygon = PolygonStandIn(market: try SimulatedMarket.bundled(), rateLimit: rateLimit)
        let gnb = try GNBStandIn.bundled(gnbData)
        let router = Router(context: BasicRequestContext.self)
        polygon.addRoutes(to: router)
        gnb.addRoutes(to: router)
        let limit = rateLimit.map { "\($0) requests/minute" } ?? "no rate limit"
        let app = Application(
            router: router, configuration: .init(address: .hostname(host, port: port), serverName: "bourse-sim"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                logger.notice("Stand-ins at http://\(host):\(bound): simulated Polygon market (\(limit)), GNB service (\(gnbData.rawValue) data)")
            },
            logger: logger)
        try await app.runService()
    }
}
