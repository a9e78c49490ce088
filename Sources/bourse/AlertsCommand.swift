import ArgumentParser
import Bootstrap

struct AlertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts",
        abstract: "Price alerts: list, add or remove (the database, no network).",
        subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

    struct Options: ParsableArguments {
        @OptionGroup var database: DatabaseArguments
        @Flag(help: "Print JSON (the same as GET /api/v1/alerts).") var json = false
        @Option(help: "Whose alerts (a person's name); the owner's when left out.") var user: String?
        @OptionGroup var remote: RemoteArguments

        /// The command's answer: from the server when one is named, else from the database.
        func run(_ action: AlertsReport.Action) async throws {
            if let server = try remote.chosen() {
                try RemoteArguments.refuseUser(user)
                return try await AlertsReport.run(action: action, json: json, server: server).printOrExit()
            }
            try await AlertsReport.run(database: try database.location(), action: action, json: json, user: user)
                .printOrExit()
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print every alert, armed or fired.")
        @OptionGroup var options: Options

        func run() async throws {
            try await options.run(.list)
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Alert when a stock's price is at or above a level, at or below one, or moves a percent in a day.")
        @OptionGroup var options: Options
        @Argument(help: "The stock's symbol, e.g. AAPL.") var symbol: String
        @Option(help: "Fire at or above this price, e.g. 150.00.") var above: String?
        @Option(help: "Fire at or below this price.") var below: String?
        @Option(help: "Fire when the day's change is at least this percent, up or down, e.g. 5.") var movePercent: String?

        func run() async throws {
            switch AlertsReport.condition(above: above, below: below, movePercent: movePercent) {
            case .success(let condition):
                try await options.run(.add(symbol: symbol, condition: condition))
            case .failure(let failure):
                try Result<String, CommandFailure>.failure(failure).printOrExit()
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an alert by its id.")
        @OptionGroup var options: Options
        @Argument(help: "The alert's id (bourse alerts list shows it).") var id: String

        func run() async throws {
            try await options.run(.remove(id))
        }
    }
}
