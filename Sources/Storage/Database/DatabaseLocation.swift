/// Where Bourse stores everything: a SQLite file (the default, one instance) or a PostgreSQL
/// database (`BOURSE_DATABASE_URL`, any number of instances).
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(DatabaseURL)

    /// Where it is, for a log line or an error (a URL without its password).
    public var description: String {
        switch self {
        case .sqlite(let path): return path
        case .postgres(let url): return url.description
        }
    }
}
