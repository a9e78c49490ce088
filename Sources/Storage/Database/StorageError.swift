/// Why the database could not do what was asked.
public enum StorageError: Error, Sendable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case failed(operation: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason) where path.hasPrefix("postgres://"):
            return "cannot open the database at \(path): \(reason). Check the URL (--database-url or BOURSE_DATABASE_URL), "
                + "that the server runs and that it lets this user in."
        case .cannotOpen(let path, let reason):
            return "cannot open the database at \(path): \(reason). Check the path (--database) and its permissions."
        case .failed(let operation, let reason):
            return "the database could not \(operation): \(reason)"
        }
    }
}
