import ArgumentParser
import Bootstrap
import Foundation

/// `--server URL` and `--token TOKEN` (or `BOURSE_SERVER` and `BOURSE_TOKEN`): the command asks
/// a running server through its API instead of the local database or sources (docs/client.md).
struct RemoteArguments: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A running Bourse server to ask instead, e.g. http://127.0.0.1:8080 (or BOURSE_SERVER).", valueName: "url"))
    var server: String?
    @Option(help: "The API token for --server (or BOURSE_TOKEN): bourse token create NAME, where the server runs.")
    var token: String?

    /// The server named, or nil; an address that is not a URL stops the command (exit 64).
    func chosen() throws -> RemoteServer? {
        switch RemoteServer.chosen(server: server, token: token, environment: ProcessInfo.processInfo.environment) {
        case .success(let server): return server
        case .failure(let failure):
            try Result<String, CommandFailure>.failure(failure).printOrExit()
            throw ExitCode(64)
        }
    }

    /// `--user` picks a person in the local database; against a server the token says whose data it is.
    static func refuseUser(_ user: String?) throws {
        if user != nil {
            try Result<String, CommandFailure>.failure(
                CommandFailure(message: "--user is for the local database; with --server the token says whose data", exitCode: 64)
            ).printOrExit()
        }
    }
}

extension RemoteArguments {
    /// The server, for what only a running server's desk can do; none named is exit 64.
    static func required(_ server: RemoteServer?, for what: String) throws -> RemoteServer {
        guard let server else {
            try Result<String, CommandFailure>.failure(
                CommandFailure(
                    message: "\(what) needs a running server: give --server URL (or BOURSE_SERVER) and --token", exitCode: 64)
            ).printOrExit()
            throw ExitCode(64)
        }
        return server
    }
}
