import ArgumentParser
import Bootstrap
import Foundation

struct OrdersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders",
        abstract: "List the exchange's orders from the database, newest first.")

    @Option(help: "The SQLite database file (the one bourse serve uses).") var database = "bourse.sqlite"
    @Option(help: "open (PENDING and PARTIALLY_FILLED) or all.") var status = "all"
    @Option(help: "The most orders to print.") var limit = 50
    @Flag(help: "Print JSON (the same as GET /api/v1/orders).") var json = false
    @Flag(help: "Print CSV (RFC 4180, the same columns as GET /api/v1/orders.csv), oldest first.") var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv cannot be used together") }
    }

    func run() async throws {
        try await OrdersReport.run(databasePath: database, status: status, limit: limit, json: json, csv: csv)
            .printOrExit()
    }
}
