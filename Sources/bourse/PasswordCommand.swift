import ArgumentParser
import Bootstrap
import Foundation

struct PasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "password",
        abstract: "Set or change the owner's password (sign-in is then required); every browser is signed out.",
        discussion: """
            On a terminal the password is asked twice without echo; otherwise one line is read from stdin \
            (echo "$PASSWORD" | bourse password). 8 to 72 bytes.
            """)

    @OptionGroup var database: DatabaseArguments
    @Option(help: "The owner's name, asked for at sign-in.") var user = "owner"

    func run() async throws {
        let password: String
        do {
            password = try PasswordPrompt.read()
        } catch {
            let message = error == .mismatch ? "the two passwords differ; nothing changed" : "no password given"
            try Result<String, CommandFailure>.failure(CommandFailure(message: message, exitCode: 64)).printOrExit()
            return
        }
        try await AccountAdmin.setPassword(database: try database.location(), name: user, password: password).printOrExit()
    }
}
