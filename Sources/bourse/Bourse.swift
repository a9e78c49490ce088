import ArgumentParser

/// The `bourse` command line.
@main
struct Bourse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A self-hosted stock-market app: web pages, a JSON API and a command line.",
        subcommands: [
            ServeCommand.self, SimCommand.self, QuoteCommand.self, SearchCommand.self, HistoryCommand.self, GNBCommand.self,
            OrdersCommand.self, ExchangeCommand.self, PasswordCommand.self, TokenCommand.self, UsersCommand.self,
            WatchCommand.self,
            AlertsCommand.self, DatabaseCommand.self,
        ])
}
