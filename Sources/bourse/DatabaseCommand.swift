import ArgumentParser
import Bootstrap

struct DatabaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "database", abstract: "Move a Bourse database.", subcommands: [Copy.self])

    struct Copy: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy a SQLite database into a new PostgreSQL database, checked row by row.",
            discussion: "Stop the server first. The file is only read; the PostgreSQL database must be new.")
        @Option(help: "The SQLite database file.") var from = "bourse.sqlite"
        @Option(help: "The PostgreSQL database: postgres://USER:PASSWORD@HOST:PORT/DB.") var to: String

        func run() async throws {
            try await DatabaseAdmin.copy(from: from, to: to).printOrExit()
        }
    }
}
