import ArgumentParser
import Bootstrap

struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "The people who may use this Bourse: invite, list, change a role, remove (the owner's tools).",
        subcommands: [Invite.self, List.self, SetRole.self, Remove.self])

    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a one-time link (valid 7 days) with which NAME chooses a password and signs in.",
            discussion: "The owner's password must be set first (bourse password).")
        @OptionGroup var database: DatabaseArguments
        @Argument(help: "The person's name: 1 to 64 characters, unique without regard to case.") var name: String
        @Option(help: "member (their own list, alerts and orders) or viewer (reads only).") var role: PeopleAdmin.InvitedRole =
            .member
        @Option(help: "The server's address as people reach it, for the link.") var url = "http://127.0.0.1:8080"

        func run() async throws {
            try await PeopleAdmin.invite(database: try database.location(), name: name, role: role, base: url).printOrExit()
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the people and the invitations still open.")
        @OptionGroup var database: DatabaseArguments
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            try await PeopleAdmin.list(database: try database.location(), json: json).printOrExit()
        }
    }

    struct SetRole: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "role", abstract: "Give NAME another role.")
        @OptionGroup var database: DatabaseArguments
        @Argument(help: "The person's name.") var name: String
        @Argument(help: "member or viewer.") var role: PeopleAdmin.InvitedRole

        func run() async throws {
            try await PeopleAdmin.setRole(database: try database.location(), name: name, role: role).printOrExit()
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove NAME with their sessions, tokens and data (or withdraw the invitation for NAME).")
        @OptionGroup var database: DatabaseArguments
        @Argument(help: "The person's name.") var name: String

        func run() async throws {
            try await PeopleAdmin.remove(database: try database.location(), name: name).printOrExit()
        }
    }
}

extension PeopleAdmin.InvitedRole: ExpressibleByArgument {}
