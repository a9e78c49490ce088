import ArgumentParser
import Bootstrap
import Foundation

struct QuoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quote",
        abstract: "Print a stock's last price and day change.")

    @Argument(help: "The ticker symbol, e.g. AAPL.") var symbol: String
    @Flag(help: "Print JSON (the same as GET /api/v1/stocks/{symbol}).") var json = false
    @Option(help: "A SQLite database to cache answers in (default: none).") var database: String?
    @OptionGroup var remote: RemoteArguments

    func run() async throws {
        if let server = try remote.chosen() {
            return try await QuoteLookup.run(symbol: symbol, json: json, server: server).printOrExit()
        }
        let result = await QuoteLookup.run(
            symbol: symbol, json: json, databasePath: database, environment: ProcessInfo.processInfo.environment)
        try result.printOrExit()
    }
}
