import ArgumentParser
import Bootstrap

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Your stocks, the home screen's list: list, add or remove (the database, no network).",
        subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

    struct Options: ParsableArguments {
        @OptionGroup var database: DatabaseArguments
        @Flag(help: "Print JSON: {\"symbols\": [...]}.") var json = false
        @Flag(help: "Print CSV (RFC 4180): symbol, name, exchange, in the list's order.") var csv = false
        @Option(help: "Whose list (a person's name); the owner's when left out.") var user: String?

        func validate() throws {
            if json && csv { throw ValidationError("--json and --csv cannot be used together") }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the list, in its order.")
        @OptionGroup var options: Options

        func run() async throws {
            try await WatchlistReport.run(
                database: try options.database.location(), action: .list, json: options.json, csv: options.csv, user: options.user
            )
            .printOrExit()
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a listed stock at the end.")
        @OptionGroup var options: Options
        @Argument(help: "The stock's symbol, e.g. AAPL.") var symbol: String

        func run() async throws {
            try await WatchlistReport.run(
                database: try options.database.location(), action: .add(symbol), json: options.json, csv: options.csv,
                user: options.user
            )
            .printOrExit()
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a stock from the list.")
        @OptionGroup var options: Options
        @Argument(help: "The stock's symbol.") var symbol: String

        func run() async throws {
            try await WatchlistReport.run(
                database: try options.database.location(), action: .remove(symbol), json: options.json, csv: options.csv,
                user: options.user
            )
            .printOrExit()
        }
    }
}
