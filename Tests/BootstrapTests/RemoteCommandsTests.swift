import Foundation
import TestSupport
import Testing

/// SPEC §16: `quote`, `search`, `history`, `orders` (list, place, cancel), `watch`, `alerts` and
/// `gnb` with `--server` and `--token` print what they print on the server's own database, the
/// built command against the built server; a wrong token is one line and exit 1, a server that
/// cannot be reached exit 2.
@Suite("The command line against a server", .serialized)
struct RemoteCommandsTests {
    static let clock = ["BOURSE_CLOCK": RunningServer.tuesdayMorning]

    /// A server with the owner's password set and a token made for the commands.
    static func server() async throws -> (RunningServer, token: String) {
        var token = ""
        let server = try await RunningServer { database in
            _ = try RunningServer.command(["password", "--database", database], input: "correct horse battery\n")
            let made = try RunningServer.command(["token", "create", "cli", "--database", database])
            token = String(made.output.split(separator: "\n").first ?? "")
        }
        return (server, token)
    }

    /// `bourse ARGUMENTS --server URL --token TOKEN`, which must succeed.
    static func remote(_ server: RunningServer, _ token: String, _ arguments: [String]) throws -> String {
        let run = try server.command(
            arguments + ["--server", server.url.absoluteString, "--token", token], environment: clock)
        #expect(run.status == 0, "bourse \(arguments.joined(separator: " ")) --server: \(run.error)")
        return run.output
    }

    @Test func eachCommandPrintsWhatItPrintsOnTheServersDatabase() async throws {
        let (server, token) = try await Self.server()
        // Every order kind, a list and alerts, made through the server.
        for order in [
            ["buy", "5", "--limit", "1.00"], ["buy", "3"], ["sell", "1", "--stop", "1.00"],
            ["sell", "1", "--stop", "1.00", "--limit", "0.99"], ["sell", "1", "--trail-amount", "5.00"],
            ["sell", "1", "--trail-percent", "2.5"],
            ["buy", "2", "--limit", "500.00", "--take-profit", "600.00", "--stop-loss", "100.00"],
        ] {
            let placed = try Self.remote(server, token, ["orders", "place"] + order)
            #expect(placed.hasPrefix("ID  "), "\(order): \(placed)")
        }
        let cancelled = try Self.remote(server, token, ["orders", "cancel", "1", "--json"])
        #expect(cancelled.contains(#""status" : "CANCELLED""#))
        _ = try Self.remote(server, token, ["watch", "add", "AAPL"])
        _ = try Self.remote(server, token, ["watch", "add", "msft"])
        _ = try Self.remote(server, token, ["alerts", "add", "AAPL", "--above", "150.00"])
        _ = try Self.remote(server, token, ["alerts", "add", "MSFT", "--move-percent", "5"])

        let local = ["--database", server.databasePath]
        let noDatabase: [String] = []
        let sku = try #require(
            try Self.remote(server, token, ["gnb", "--csv"]).split(separator: "\r\n").dropFirst().first?
                .split(separator: ",").first.map(String.init))
        let commands: [([String], [String])] = [
            (["quote", "AAPL"], noDatabase), (["history", "AAPL", "--days", "10"], noDatabase),
            (["history", "MSFT", "--days", "60", "--json"], noDatabase),
            (["search", "app"], noDatabase), (["search", "bank of", "--json", "--limit", "5"], noDatabase),
            (["orders"], local), (["orders", "--json"], local), (["orders", "--csv"], local),
            (["orders", "--status", "open", "--limit", "3"], local),
            (["watch"], local), (["watch", "--json"], local), (["watch", "--csv"], local),
            (["alerts"], local), (["alerts", "--json"], local),
            (["gnb"], noDatabase), (["gnb", "--csv"], noDatabase), (["gnb", sku], noDatabase),
            (["gnb", sku, "--csv", "--currency", "USD"], noDatabase),
        ]
        for (command, database) in commands {
            let remote = try Self.remote(server, token, command)
            let here = try server.command(command + database, environment: Self.clock)
            #expect(here.status == 0, "bourse \(command.joined(separator: " ")): \(here.error)")
            // When the answer was fetched from the source is the server's, not the command's.
            func answer(_ output: String) -> [Substring] {
                output.split(separator: "\n").filter { !$0.contains(#""fetchedAt""#) }
            }
            #expect(
                !remote.isEmpty && answer(remote) == answer(here.output),
                "bourse \(command.joined(separator: " ")) differs with --server")
        }
    }

    @Test func aWrongTokenIsOneLineAndExit1AndNothingReachableIsExit2() async throws {
        let (server, token) = try await Self.server()
        let wrong = try server.command(["orders", "--server", server.url.absoluteString, "--token", "bourse_not-a-token"])
        #expect(wrong.status == 1 && wrong.output.isEmpty)
        #expect(wrong.error.split(separator: "\n").count == 1 && wrong.error.contains("refused the token"))
        #expect(!wrong.error.contains("bourse_not-a-token"))
        let none = try server.command(["watch", "--server", server.url.absoluteString])
        #expect(none.status == 1 && none.error.contains("asks for an API token"))
        // The environment names the server and the token as the options do.
        let fromEnvironment = try server.command(
            ["watch", "--json"], environment: ["BOURSE_SERVER": server.url.absoluteString, "BOURSE_TOKEN": token])
        #expect(fromEnvironment.status == 0 && fromEnvironment.output.contains(#""symbols" : ["#))

        let closed = "http://127.0.0.1:\(try FreePort.next())"
        let unreachable = try server.command(["quote", "AAPL", "--server", closed, "--token", token])
        #expect(unreachable.status == 2 && unreachable.error.hasPrefix("bourse: cannot reach \(closed)"))
        #expect(!unreachable.error.contains(token))
        let notAURL = try server.command(["search", "app", "--server", "ftp://example.com"])
        #expect(notAURL.status == 64)
        let noServer = try server.command(["orders", "place", "buy", "1"])
        #expect(noServer.status == 64 && noServer.error.contains("needs a running server"))
    }

    @Test func theServersRefusalsKeepTheirMeaning() async throws {
        let (server, token) = try await Self.server()
        let url = server.url.absoluteString
        let unknown = try server.command(["quote", "ZZZZ", "--server", url, "--token", token], environment: Self.clock)
        #expect(unknown.status == 1, "\(unknown.error)")
        let offTick = try server.command(
            ["orders", "place", "buy", "1", "--limit", "1.005", "--server", url, "--token", token])
        #expect(offTick.status == 64 && offTick.error.contains("1.005"), "\(offTick.error)")
        _ = try Self.remote(server, token, ["orders", "place", "buy", "1"])
        let filled = try server.command(["orders", "cancel", "1", "--server", url, "--token", token])
        #expect(filled.status == 1 && filled.error.contains("FILLED"), "\(filled.error)")
        let missing = try server.command(["alerts", "remove", "99", "--server", url, "--token", token])
        #expect(missing.status == 1, "\(missing.error)")
        let userToo = try server.command(["orders", "--user", "ann", "--server", url, "--token", token])
        #expect(userToo.status == 64)
        let bothTrails = try server.command(
            ["orders", "place", "sell", "1", "--trail-amount", "1.00", "--limit", "2.00", "--server", url, "--token", token])
        #expect(bothTrails.status == 64)
    }
}
