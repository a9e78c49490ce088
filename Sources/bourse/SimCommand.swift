import ArgumentParser
import Bootstrap
import Foundation

struct SimCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sim",
        abstract:
            "Run the stand-in services alone: the simulated Massive (Polygon-compatible) market API, every stocks endpoint the official massive client calls (docs/market-data.md), the GNB service (http://HOST:PORT/standin/gnb) and the exchange feed (ws://HOST:PORT/feed), also as Alpaca's stream (/v2/iex, /v2/sip) and Massive's (/stocks)."
    )

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on.") var port = 8081
    @Option(help: "Requests per minute before answering 429, like Massive's free tier (5).")
    var rateLimit: Int?
    @Option(
        help:
            "Massive's plan to act as: paid (every endpoint) or free (snapshots, last trade and last quote answer 403 NOT_AUTHORIZED)."
    )
    var tier: PolygonTier = .paid
    @Option(
        help: ArgumentHelp(
            "Delay the answers to paths starting with PATH_PREFIX by SECONDS (0 to 600); repeatable.",
            valueName: "PATH_PREFIX=SECONDS"))
    var slow: [String] = []
    @Option(
        help: ArgumentHelp(
            "Append a line per market request to FILE: UTC time, status, path and query (without apiKey).",
            valueName: "FILE"))
    var requestLog: String?
    @Option(help: "The GNB data to serve: statement (the kata's sample), 2020 or 2021 (real sets).")
    var gnbData: GNBSampleSet = .statement
    @OptionGroup var feed: FeedArguments
    @Option(help: "The only key the Alpaca stream (ws://HOST:PORT/v2/iex, /v2/sip) accepts; without it, any non-empty key.")
    var alpacaKey: String?
    @Option(help: "The only secret the Alpaca stream accepts; without it, any non-empty secret.")
    var alpacaSecret: String?
    @Option(help: "The only key the Massive stream (ws://HOST:PORT/stocks) accepts; without it, any non-empty key.")
    var massiveKey: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        if let rateLimit, rateLimit < 1 { throw ValidationError("--rate-limit must be at least 1") }
        for (name, value) in [("--alpaca-key", alpacaKey), ("--alpaca-secret", alpacaSecret), ("--massive-key", massiveKey)] {
            if value?.isEmpty == true { throw ValidationError("\(name) must not be empty") }
        }
        _ = try delays()
    }

    /// The `--slow` values read; a ValidationError names the one that is wrong and why.
    func delays() throws -> [PathDelay] {
        try slow.map { text in
            do {
                return try PathDelay(parsing: text)
            } catch {
                throw ValidationError("--slow \(text): \(error)")
            }
        }
    }

    /// The feed's options with the provider streams' credentials.
    var feedOptions: StandInServer.FeedOptions {
        var options = feed.options
        options.alpacaKey = alpacaKey
        options.alpacaSecret = alpacaSecret
        options.massiveKey = massiveKey
        return options
    }

    func run() async throws {
        try await StandInServer.run(
            host: host, port: port,
            market: .init(rateLimit: rateLimit, tier: tier, delays: try delays(), requestLogPath: requestLog), gnbData: gnbData,
            feed: feedOptions, environment: ProcessInfo.processInfo.environment)
    }
}
