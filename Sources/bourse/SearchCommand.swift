import ArgumentParser
import Bootstrap
import Foundation

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find stocks by the start of their company name, of a word in it, or of their symbol.")

    @Argument(help: "What to look for, e.g. app, \"bank of\" or AAP.") var query: String
    @Option(help: "The most results to print.") var limit = 10
    @Flag(help: "Print JSON (the same as GET /api/v1/search).") var json = false
    @OptionGroup var remote: RemoteArguments

    func run() async throws {
        if let server = try remote.chosen() {
            return try await SearchLookup.run(query: query, limit: limit, json: json, server: server).printOrExit()
        }
        try SearchLookup.run(query: query, limit: limit, json: json).printOrExit()
    }
}
