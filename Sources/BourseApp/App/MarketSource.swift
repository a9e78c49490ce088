import BourseCore
import Foundation
import Logging
import MarketData

/// Where market data comes from: Polygon.io when `POLYGON_API_KEY` is set, else the embedded
/// simulated market, spoken to over HTTP by the same client.
public enum MarketSource {
    /// The market service `environment` asks for, caching every answer in `cache`.
    public static func make(
        environment: [String: String], cache: any AnswerStore, embedded: EmbeddedServices,
        simulatedRateLimit: Int? = nil, logger: Logger, now: @escaping @Sendable () -> Date = { Date() }
    ) throws -> MarketService {
        var configuration = try PolygonConfiguration(environment: environment)
        // A page never waits long on a slow source when the database has an answer.
        configuration.patience = .milliseconds(1500)
        let simulated = configuration.apiKey == nil
        if simulated {
            configuration.baseURL = embedded.baseURL
            // Local and free: the client paces itself only when the stand-in is told to limit.
            configuration.requestsPerMinute = simulatedRateLimit ?? 6000
        }
        let client = PolygonClient(configuration: configuration, cache: cache, now: now, logger: logger)
        return MarketService(sourceName: simulated ? "simulated" : "polygon", provider: client, now: now)
    }
}
