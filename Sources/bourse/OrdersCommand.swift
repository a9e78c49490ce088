import ArgumentParser
import Bootstrap
import Foundation

struct OrdersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders",
        abstract: "Exchange orders: list them (the database, or a server), place or cancel one (a server).",
        subcommands: [List.self, Place.self, Cancel.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List one person's orders (the owner's by default), newest first.")

        @OptionGroup var database: DatabaseArguments
        @Option(help: "open (PENDING and PARTIALLY_FILLED) or all.") var status = "all"
        @Option(help: "The most orders to print.") var limit = 50
        @Option(help: "Whose orders: a person's name (bourse users list); the owner's when left out.") var user: String?
        @Flag(help: "Print JSON (the same as GET /api/v1/orders).") var json = false
        @Flag(help: "Print CSV (RFC 4180, the same columns as GET /api/v1/orders.csv), oldest first.") var csv = false
        @OptionGroup var remote: RemoteArguments

        func validate() throws {
            if json && csv { throw ValidationError("--json and --csv cannot be used together") }
        }

        func run() async throws {
            if let server = try remote.chosen() {
                try RemoteArguments.refuseUser(user)
                return try await OrdersReport.run(status: status, limit: limit, json: json, csv: csv, server: server)
                    .printOrExit()
            }
            try await OrdersReport.run(
                database: try database.location(), status: status, limit: limit, json: json, csv: csv, user: user
            )
            .printOrExit()
        }
    }

    struct Place: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Place an order on a running server (--server): its type follows from the prices given.",
            discussion: """
                No price: a market order. --limit: a limit order. --stop: a stop. Both: a stop-limit.
                --trail-amount or --trail-percent: a trailing stop. --take-profit and --stop-loss add a
                bracket's exits. Prices are decimals on the tick of 0.01, e.g. 190.25.
                """)

        @Argument(help: "buy or sell.") var side: String
        @Argument(help: "How many shares.") var quantity: Int
        @Option(help: "The limit price.") var limit: String?
        @Option(help: "The stop price.") var stop: String?
        @Option(help: "A trailing stop's trail, in dollars.") var trailAmount: String?
        @Option(help: "A trailing stop's trail, in percent.") var trailPercent: String?
        @Option(help: "day, gtc, ioc or fok (the type's default when left out).") var tif: String?
        @Option(help: "A bracket's take-profit price.") var takeProfit: String?
        @Option(help: "A bracket's stop-loss price.") var stopLoss: String?
        @Flag(help: "Print JSON (the same as POST /api/v1/orders answers).") var json = false
        @OptionGroup var remote: RemoteArguments

        func run() async throws {
            let server = try RemoteArguments.required(try remote.chosen(), for: "placing an order")
            switch OrdersReport.ticket(
                side: side, quantity: quantity, limit: limit, stop: stop, trailAmount: trailAmount,
                trailPercent: trailPercent, timeInForce: tif, takeProfit: takeProfit, stopLoss: stopLoss)
            {
            case .success(let ticket): try await OrdersReport.place(ticket, json: json, server: server).printOrExit()
            case .failure(let failure): try Result<String, CommandFailure>.failure(failure).printOrExit()
            }
        }
    }

    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Cancel an open order on a running server (--server).")

        @Argument(help: "The order's id (bourse orders shows it), e.g. 7 or 7.tp.") var id: String
        @Flag(help: "Print JSON (the same as DELETE /api/v1/orders/{id} answers).") var json = false
        @OptionGroup var remote: RemoteArguments

        func run() async throws {
            let server = try RemoteArguments.required(try remote.chosen(), for: "cancelling an order")
            try await OrdersReport.cancel(id: id, json: json, server: server).printOrExit()
        }
    }
}
