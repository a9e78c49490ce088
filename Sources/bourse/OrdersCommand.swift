import ArgumentParser
import Bootstrap
import Foundation

struct OrdersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders",
        abstract: "List one person's exchange orders from the database (the owner's by default), newest first.")

    @OptionGroup var database: DatabaseArguments
    @Option(help: "open (PENDING and PARTIALLY_FILLED) or all.") var status = "all"
    @Option(help: "The most orders to print.") var limit = 50
    @Option(help: "Whose orders: a person's name (bourse users list); the owner's when left out.") var user: String?
    @Flag(help: "Print JSON (the same as GET /api/v1/orders).") var json = false
    @Flag(help: "Print CSV (RFC 4180, the same columns as GET /api/v1/orders.csv), oldest first.") var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv cannot be used together") }
    }

    func run() async throws {
        try await OrdersReport.run(
            database: try database.location(), status: status, limit: limit, json: json, csv: csv, user: user
        )
        .printOrExit()
    }
}
