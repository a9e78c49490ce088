import ArgumentParser
import Bootstrap
import Foundation

struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find stocks by the start of their company name, of a word in it, or of their symbol.")

    @Argument(help: "What to look for, e.g. app, \"bank of\" or AAP.") var query: String
    @Option(help: "The most results to print.") var limit = 10
    @Flag(help: "Print JSON (the same as GET /api/v1/search).") var json = false

    func run() throws {
        try SearchLookup.run(query: query, limit: limit, json: json).printOrExit()
    }
}
