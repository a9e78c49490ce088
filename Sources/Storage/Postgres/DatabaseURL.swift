import Foundation

/// Where a PostgreSQL database is: `postgres://USER:PASSWORD@HOST:PORT/DB` (or `postgresql://`),
/// with `?sslmode=disable|prefer|require` (prefer when not given). Its `description` never shows
/// the password, so it can go into a log line or an error.
public struct DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    public enum TLSMode: String, Sendable {
        case disable, prefer, require
    }

    public let host: String
    public let port: Int
    public let user: String
    let password: String?
    public let database: String
    public let tls: TLSMode

    /// Parses `text`; the error says what is wrong with it, without the password.
    public init(_ text: String) throws(DatabaseURLError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw .notAURL
        }
        guard scheme == "postgres" || scheme == "postgresql" else { throw .scheme(scheme) }
        guard let host = components.host, !host.isEmpty else { throw .missing("host") }
        guard let user = components.user?.removingPercentEncoding, !user.isEmpty else { throw .missing("user") }
        let database = String(components.path.drop(while: { $0 == "/" })).removingPercentEncoding ?? ""
        guard !database.isEmpty, !database.contains("/") else { throw .missing("database name (its path)") }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw .port }
        var tls = TLSMode.prefer
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else { throw .option(item.name) }
            guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else { throw .option("sslmode=\(item.value ?? "")") }
            tls = mode
        }
        // URLComponents keeps an IPv6 host's brackets.
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.port = port
        self.user = user
        self.password = components.password?.removingPercentEncoding
        self.database = database
        self.tls = tls
    }

    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)\(password == nil ? "" : ":***")@\(shownHost):\(port)/\(database)"
    }
}

/// What is wrong with a database URL (never its password).
public enum DatabaseURLError: Error, Sendable, Equatable, CustomStringConvertible {
    case notAURL
    case scheme(String)
    case missing(String)
    case port
    case option(String)

    public var description: String {
        let form = "postgres://USER:PASSWORD@HOST:PORT/DATABASE"
        switch self {
        case .notAURL: return "the database URL is not a URL; write it as \(form)"
        case .scheme(let scheme): return "the database URL's scheme is \(scheme), not postgres; write it as \(form)"
        case .missing(let part): return "the database URL has no \(part); write it as \(form)"
        case .port: return "the database URL's port is not between 1 and 65535"
        case .option(let option): return "the database URL's option \(option) is unknown (sslmode=disable|prefer|require)"
        }
    }
}
