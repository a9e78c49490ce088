import Storage

/// Where a command's database is (Storage's type, named here for the command line).
public typealias DatabaseLocation = Storage.DatabaseLocation

/// `--database PATH` and `--database-url URL` (or `BOURSE_DATABASE_URL`) as one location: a URL,
/// when given, wins over the file (SPEC §15).
public enum DatabaseOption {
    public static let environmentKey = "BOURSE_DATABASE_URL"

    /// The location; a URL that does not read is exit 64, in words that never show its password.
    public static func location(
        path: String, url: String?, environment: [String: String]
    ) throws(CommandFailure)
        -> DatabaseLocation
    {
        guard let text = url ?? environment[environmentKey].flatMap({ $0.isEmpty ? nil : $0 }) else {
            return .sqlite(path: path)
        }
        do {
            return .postgres(try DatabaseURL(text))
        } catch {
            let source = url == nil ? environmentKey : "--database-url"
            throw CommandFailure(message: "\(source): \(error.description)", exitCode: 64)
        }
    }
}
