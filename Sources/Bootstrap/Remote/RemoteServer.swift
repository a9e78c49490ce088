import BourseClient
import Foundation

/// `--server URL` (or `BOURSE_SERVER`) with `--token` (or `BOURSE_TOKEN`): a command that asks a
/// running Bourse server through its API (BourseClient) instead of the local database or
/// sources, and prints what it would print locally (docs/client.md).
public struct RemoteServer: Sendable {
    public let url: URL
    let token: String?

    /// The server the options or the environment name (the options win), or nil for none. An
    /// address that is not an http or https URL is exit 64.
    public static func chosen(
        server: String?, token: String?, environment: [String: String]
    ) -> Result<RemoteServer?, CommandFailure> {
        guard let text = server ?? environment["BOURSE_SERVER"], !text.isEmpty else { return .success(nil) }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else {
            return .failure(
                CommandFailure(
                    message: "--server must be an http or https URL, e.g. http://127.0.0.1:8080, got \(text.prefix(200))",
                    exitCode: 64))
        }
        let token = (token ?? environment["BOURSE_TOKEN"]).flatMap { $0.isEmpty ? nil : $0 }
        return .success(RemoteServer(url: url, token: token))
    }

    /// The client for this server.
    var bourse: Bourse {
        get throws(CommandFailure) {
            do {
                return try Bourse(server: url, token: token)
            } catch {
                throw failure(error)
            }
        }
    }

    /// A call's failure as the command's: one line, and the exit status a local run would give
    /// (1 for something unknown or refused, 2 when the server or its source cannot answer, 64
    /// for a bad argument). Never the token.
    func failure(_ error: BourseError) -> CommandFailure {
        switch error {
        case .signInRequired:
            let what = token == nil ? "asks for an API token" : "refused the token"
            return CommandFailure(
                message: "\(url.absoluteString) \(what): give one with --token or BOURSE_TOKEN "
                    + "(bourse token create NAME, where the server runs)",
                exitCode: 1)
        case .unreachable(let reason):
            return CommandFailure(message: "cannot reach \(url.absoluteString): \(reason)", exitCode: 2)
        case .rejected(let reason): return CommandFailure(message: reason, exitCode: 64)
        case .forbidden(let reason), .notFound(let reason), .conflict(let reason):
            return CommandFailure(message: reason, exitCode: 1)
        case .sourceUnavailable, .unexpected: return CommandFailure(message: error.description, exitCode: 2)
        }
    }

    /// Runs `body` against the server, its `BourseError` as the command's failure.
    func run(
        _ body: (Bourse) async throws(BourseError) -> Result<String, CommandFailure>
    ) async -> Result<String, CommandFailure> {
        do {
            let client = try bourse
            do {
                return try await body(client)
            } catch {
                return .failure(failure(error))
            }
        } catch {
            return .failure(error)
        }
    }
}

/// An answer of the generated client as the type the local command prints: both are the API's
/// JSON, so the value goes through it (the same keys; a key the client leaves out is null).
enum RemoteJSON {
    static func convert<Value: Decodable>(_ value: some Encodable, to type: Value.Type) throws(BourseError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: JSONEncoder().encode(value))
        } catch {
            throw .unexpected(status: nil, reason: "the server's answer does not read as \(type): \(error)")
        }
    }
}
