import BourseCore
import Foundation
import Hummingbird
import Logging
import StandIns

/// The stand-in services the app talks to when no real source is configured: the simulated
/// Polygon market and the GNB rates/transactions service, on one loopback port. The app's
/// clients speak HTTP to them exactly as they would to the real services.
public final class EmbeddedServices: Sendable {
    public let baseURL: URL
    public let polygon: PolygonStandIn
    public let gnb: GNBStandIn
    private let server: Task<Void, any Error>

    private init(baseURL: URL, polygon: PolygonStandIn, gnb: GNBStandIn, server: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.polygon = polygon
        self.gnb = gnb
        self.server = server
    }

    /// Starts both stand-ins on 127.0.0.1 at a free port.
    ///
    /// - Parameters:
    ///   - gnbData: the GNB sample set to serve.
    ///   - polygonRateLimit: requests per minute for the simulated market (nil: none).
    public static func start(
        gnbData: GNBSampleSet = .statement, polygonRateLimit: Int? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) async throws -> EmbeddedServices {
        let polygon = PolygonStandIn(market: try SimulatedMarket.bundled(), rateLimit: polygonRateLimit, clock: now)
        let gnb = try GNBStandIn.bundled(gnbData)
        let router = Router(context: BasicRequestContext.self)
        polygon.addRoutes(to: router)
        gnb.addRoutes(to: router)
        // An implementation detail of the app: only its failures are worth a log line.
        var quiet = Logger(label: "bourse.embedded")
        quiet.logLevel = .critical
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "bourse-embedded"),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: quiet)
        let server = Task { try await application.run() }
        guard let port = await ports.first(where: { _ in true }), port > 0 else {
            server.cancel()
            throw EmbeddedServicesError.didNotStart
        }
        return EmbeddedServices(baseURL: URL(string: "http://127.0.0.1:\(port)")!, polygon: polygon, gnb: gnb, server: server)
    }

    /// Stops the server.
    public func stop() {
        server.cancel()
    }
}

enum EmbeddedServicesError: Error, CustomStringConvertible {
    case didNotStart

    var description: String { "the embedded stand-in services did not start on a loopback port" }
}
