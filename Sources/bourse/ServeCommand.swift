import ArgumentParser
import Bootstrap
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Run the app (simulated market unless MASSIVE_API_KEY (or POLYGON_API_KEY) is set, simulated exchange feed unless BOURSE_FEED_URL is set)."
    )

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on.") var port = 8080
    @OptionGroup var database: DatabaseArguments
    @Option(help: "Requests per minute the embedded simulated market allows (default: no limit).")
    var simRateLimit: Int?
    @Option(help: "The GNB data the app serves: statement (the kata's sample), 2020 or 2021 (real sets).")
    var gnbData: GNBSampleSet = .statement
    @OptionGroup var feed: FeedArguments
    @Flag(help: "Serve without sign-in, even on a network address (a warning every start).") var noAuth = false
    @Option(help: "Minutes a session may go unused before it ends (default: 14 days).")
    var sessionIdleMinutes = 14 * 24 * 60
    @OptionGroup var network: NetworkArguments

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        if let simRateLimit, simRateLimit < 1 { throw ValidationError("--sim-rate-limit must be at least 1") }
        if sessionIdleMinutes < 1 { throw ValidationError("--session-idle-minutes must be at least 1") }
    }

    func run() async throws {
        var options = BourseServer.Options(
            host: host, port: port, database: try database.location(), simulatedRateLimit: simRateLimit, gnbData: gnbData,
            feed: feed.options)
        options.noAuth = noAuth
        options.sessionIdleMinutes = sessionIdleMinutes
        options.network = network.options
        do {
            try await BourseServer.run(options: options, environment: ProcessInfo.processInfo.environment)
        } catch let failure as CommandFailure {
            try Result<String, CommandFailure>.failure(failure).printOrExit()
        }
    }
}
