import ArgumentParser
import Bootstrap
import Foundation

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Print a stock's daily bars of the last days, with each bar's OHLC average and a sparkline.")

    @Argument(help: "The ticker symbol, e.g. AAPL.") var symbol: String
    @Option(help: "How many calendar days back, up to the last trading day.") var days = 30
    @Flag(help: "Print JSON.") var json = false
    @Option(help: "A SQLite database to cache answers in (default: none).") var database: String?
    @OptionGroup var remote: RemoteArguments

    func run() async throws {
        if let server = try remote.chosen() {
            return try await HistoryLookup.run(symbol: symbol, days: days, json: json, server: server).printOrExit()
        }
        let result = await HistoryLookup.run(
            symbol: symbol, days: days, json: json, databasePath: database,
            environment: ProcessInfo.processInfo.environment)
        try result.printOrExit()
    }
}
