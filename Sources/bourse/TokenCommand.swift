import ArgumentParser
import Bootstrap

struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "API tokens for scripts (Authorization: Bearer TOKEN).",
        subcommands: [Create.self, List.self, Revoke.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a token and print it (once: only its hash is kept).")
        @OptionGroup var database: DatabaseArguments
        @Argument(help: "A name for the token: 1 to 64 letters, digits, '.', '_' or '-'.") var name: String
        @Option(help: "Whose token (a person's name); the owner's when left out.") var user: String?

        func run() async throws {
            try await AccountAdmin.createToken(database: try database.location(), name: name, user: user).printOrExit()
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the tokens' names and dates (never the tokens).")
        @OptionGroup var database: DatabaseArguments
        @Flag(help: "Print JSON.") var json = false
        @Option(help: "Whose tokens (a person's name); the owner's when left out.") var user: String?

        func run() async throws {
            try await AccountAdmin.listTokens(database: try database.location(), json: json, user: user).printOrExit()
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token: it stops working within 10 seconds.")
        @OptionGroup var database: DatabaseArguments
        @Argument(help: "The token's name.") var name: String
        @Option(help: "Whose token (a person's name); the owner's when left out.") var user: String?

        func run() async throws {
            try await AccountAdmin.revokeToken(database: try database.location(), name: name, user: user).printOrExit()
        }
    }
}
