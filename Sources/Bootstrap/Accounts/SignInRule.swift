import Foundation
import Storage

/// When `bourse serve` asks for sign-in.
///
/// - On a loopback address (127.0.0.0/8, `::1`, `localhost`) sign-in is optional: on once the
///   owner has a password (`bourse password`), off before.
/// - On any other address the app is reachable from the network: it refuses to start until a
///   password is set, unless `--no-auth` says to serve without sign-in (a warning every start).
/// - `--no-auth` turns sign-in off on any address.
public enum SignInRule: Equatable, Sendable {
    case on
    case off
    /// Off on a network address because of `--no-auth`: warn.
    case offOnTheNetwork
    /// Refuse to start (exit 64).
    case refuse

    public static func decide(host: String, passwordSet: Bool, noAuth: Bool) -> SignInRule {
        if noAuth { return isLoopback(host) ? .off : .offOnTheNetwork }
        if passwordSet { return .on }
        return isLoopback(host) ? .off : .refuse
    }

    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Why `bourse serve` will not start, and what to do.
    static func refusal(host: String, database: DatabaseLocation) -> String {
        let option: String
        switch database {
        case .sqlite(let path): option = "--database \(path)"
        case .postgres: option = "--database-url URL"
        }
        return "--host \(host) is reachable from the network, so Bourse asks for sign-in there, and no password is set. "
            + "Set the owner's password first: bourse password \(option) "
            + "(or pass --no-auth to serve without sign-in: anyone who can reach the address could trade)"
    }

    static func noAuthWarning(host: String) -> String {
        "sign-in is OFF (--no-auth) on \(host): anyone who can reach this address can read the data and place orders"
    }
}
