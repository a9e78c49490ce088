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
        @OptionGroup var remote: RemoteArguments

        /// The command's answer: from the server when one is named, else from the database.
        func run(_ action: WatchlistReport.Action) async throws {
            if let server = try remote.chosen() {
                try RemoteArguments.refuseUser(user)
                return try await WatchlistReport.run(action: action, json: json, csv: csv, server: server).printOrExit()
            }
            try await WatchlistReport.run(database: try database.location(), action: action, json: json, csv: csv, user: user)
                .printOrExit()
        }

        func validate() throws {
            if json && csv { throw ValidationError("--json and --csv cannot be used together") }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the list, in its order.")
        @OptionGroup var options: Options

        func run() async throws {
            try await options.run(.list)
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a listed stock at the end.")
        @OptionGroup var options: Options
        @Argument(help: "The stock's symbol, e.g. AAPL.") var symbol: String

        func run() async throws {
            try await options.run(.add(symbol))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a stock from the list.")
        @OptionGroup var options: Options
        @Argument(help: "The stock's symbol.") var symbol: String

        func run() async throws {
            try await options.run(.remove(symbol))
        }
    }
}
