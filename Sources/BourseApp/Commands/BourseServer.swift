import Foundation
import Hummingbird
import Storage

/// `bourse serve`: the database, the market source and the web app, until SIGINT or SIGTERM.
public enum BourseServer {
    public struct Options: Sendable {
        public var host: String
        public var port: Int
        public var databasePath: String
        public var simulatedRateLimit: Int?

        public init(host: String, port: Int, databasePath: String, simulatedRateLimit: Int?) {
            self.host = host
            self.port = port
            self.databasePath = databasePath
            self.simulatedRateLimit = simulatedRateLimit
        }
    }

    public static func run(options: Options, environment: [String: String]) async throws {
        let logger = Log.make("bourse", environment: environment)
        let database = try BourseDatabase(path: options.databasePath)
        let source = try await MarketSource.start(
            environment: environment, cache: DatabaseResponseCache(database: database),
            simulatedRateLimit: options.simulatedRateLimit, logger: logger)
        defer { source.stop() }
        let label = source.standIn == nil ? "Polygon.io" : "the simulated market"
        let app = buildApplication(market: source.service, host: options.host, port: options.port, logger: logger) { port in
            logger.notice("Bourse is running at http://\(options.host):\(port) on \(label); database \(options.databasePath)")
        }
        try await app.runService()
    }
}
