import ArgumentParser
import Bootstrap
import Foundation

struct GNBCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gnb",
        abstract: "List GNB products with their totals, or show one product's transactions.")

    @Argument(help: "A product SKU, e.g. T2006; without one, every product is listed.") var sku: String?
    @Option(help: "Rates: a URL or a file (JSON or XML). Default: BOURSE_GNB_URL, else the embedded sample.")
    var rates: String?
    @Option(help: "Transactions: a URL or a file (JSON or XML). Default as for --rates.")
    var transactions: String?
    @Option(help: "The currency of the totals.") var currency = "EUR"
    @Flag(help: "Print JSON (the same as the API).") var json = false
    @Flag(help: "Print CSV (RFC 4180, the same as the API's products.csv or transactions.csv).") var csv = false
    @OptionGroup var remote: RemoteArguments

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv cannot be used together") }
    }

    func run() async throws {
        if let server = try remote.chosen() {
            let options = GNBReport.Options(
                sku: sku, rates: rates, transactions: transactions, currency: currency, json: json, csv: csv)
            return try await GNBReport.run(options, server: server).printOrExit()
        }
        if isatty(STDERR_FILENO) != 0 {
            FileHandle.standardError.write(Data("Downloading rates and transactions…\n".utf8))
        }
        let options = GNBReport.Options(
            sku: sku, rates: rates, transactions: transactions, currency: currency, json: json, csv: csv)
        try await GNBReport.run(options, environment: ProcessInfo.processInfo.environment).printOrExit()
    }
}
