import BourseApp
import Foundation
import MarketData
import Storage

/// The market a one-off command reads: the source `environment` names (else the embedded
/// simulated market, started for the command alone), caching in the database at
/// `databasePath`, or in memory without one. With `POLYGON_API_KEY` set it opens no port.
struct CommandMarket {
    let market: MarketService
    let embedded: EmbeddedServices?

    static func start(environment: [String: String], databasePath: String?) async -> Result<CommandMarket, CommandFailure> {
        let logger = Log.make("bourse", environment: environment, default: .warning)
        do {
            let settings = try SourceSettings(environment: environment)
            let cache: any ResponseCache = try databasePath.map { path throws in
                DatabaseResponseCache(database: try BourseDatabase(path: path))
            } ?? InMemoryResponseCache()
            let embedded = try await EmbeddedServices.start(settings.standIns(of: .market))
            let market = try MarketSource.make(settings: settings, cache: cache, embedded: embedded, logger: logger)
            return .success(CommandMarket(market: market, embedded: embedded))
        } catch {
            return .failure(CommandFailure(message: "\(error)", exitCode: 2))
        }
    }

    /// Closes the stand-in, if one was started.
    func stop() { embedded?.stop() }
}
