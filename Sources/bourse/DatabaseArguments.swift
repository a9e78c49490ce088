import ArgumentParser
import Bootstrap
import Foundation

/// The database a command works on: the SQLite file, or a PostgreSQL database shared by several
/// `bourse serve` instances (`--database-url`, or `BOURSE_DATABASE_URL`; it wins over the file).
struct DatabaseArguments: ParsableArguments {
    @Option(help: "The SQLite database file (the one bourse serve uses).") var database = "bourse.sqlite"
    @Option(
        help: ArgumentHelp(
            "A PostgreSQL database instead of the file: postgres://USER:PASSWORD@HOST:PORT/DB (or BOURSE_DATABASE_URL).",
            valueName: "url"))
    var databaseURL: String?

    /// The location chosen; a URL that does not read stops the command (exit 64).
    func location() throws -> DatabaseLocation {
        do {
            return try DatabaseOption.location(
                path: database, url: databaseURL, environment: ProcessInfo.processInfo.environment)
        } catch {
            try Result<String, CommandFailure>.failure(error).printOrExit()
            throw ExitCode(64)
        }
    }
}
