import BourseCore
import Foundation
import MarketData
import Storage

/// The market a one-off command reads: the source `environment` names (else the embedded
/// simulated market), caching in the database at `databasePath`, or in memory without one.
struct CommandMarket {
    let market: MarketService
    let embedded: EmbeddedServices

    static func start(environment: [String: String], databasePath: String?) async -> Result<CommandMarket, CommandFailure> {
        let logger = Log.make("bourse", environment: environment, default: .warning)
        do {
            let cache: any AnswerStore = try databasePath.map { path throws in
                DatabaseAnswerStore(database: try BourseDatabase(path: path))
            } ?? InMemoryAnswerStore()
            let embedded = try await EmbeddedServices.start()
            let market = try MarketSource.make(environment: environment, cache: cache, embedded: embedded, logger: logger)
            return .success(CommandMarket(market: market, embedded: embedded))
        } catch {
            return .failure(CommandFailure(message: "\(error)", exitCode: 2))
        }
    }
}
