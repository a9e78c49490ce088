import BourseCore
import Foundation
import MarketData
import Storage

/// The market a one-off command reads: the source `environment` names (else the embedded
/// simulated market, started for the command alone), caching in the database at
/// `databasePath`, or in memory without one. With a Massive key set it opens no port.
struct CommandMarket {
    let market: Market
    let embedded: EmbeddedServices?

    static func start(environment: [String: String], databasePath: String?) async -> Result<CommandMarket, CommandFailure> {
        let logger = Log.make("bourse", environment: environment, default: .warning)
        do {
            let settings = try SourceSettings(environment: environment)
            let cache: any AnswerStore =
                try databasePath.map { path throws in
                    DatabaseAnswerStore(database: try BourseDatabase(path: path))
                } ?? InMemoryAnswerStore()
            // The server's clock (BOURSE_CLOCK), so that a command and a server set to the same
            // moment give the same prices.
            let now = try ClockSetting.read(environment)
            let embedded = try await EmbeddedServices.start(settings.standIns(of: .market), now: now)
            let market = try MarketSource.make(
                settings: settings, cache: cache, embedded: embedded, logger: logger, now: now)
            return .success(CommandMarket(market: market, embedded: embedded))
        } catch {
            return .failure(CommandFailure(message: "\(error)", exitCode: 2))
        }
    }

    /// Runs a one-off command about one stock: normalizes `input` (exit 64 when it is no
    /// symbol, or when `validate` finds a bad argument), starts the market, runs `body` on it
    /// and stops the market again.
    static func run(
        symbol input: String, environment: [String: String], databasePath: String?,
        validate: () -> CommandFailure? = { nil },
        _ body: (_ market: Market, _ symbol: String) async -> Result<String, CommandFailure>
    ) async -> Result<String, CommandFailure> {
        let symbol: String
        switch Symbol.normalized(input) {
        case .success(let s): symbol = s
        case .failure(let error): return .failure(CommandFailure(message: error.description, exitCode: 64))
        }
        if let failure = validate() { return .failure(failure) }
        switch await start(environment: environment, databasePath: databasePath) {
        case .success(let started):
            defer { started.stop() }
            return await body(started.market, symbol)
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// Closes the stand-in, if one was started.
    func stop() { embedded?.stop() }
}
