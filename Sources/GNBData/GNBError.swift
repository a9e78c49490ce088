import BourseCore

/// Why GNB data could not be had, in words for the person reading the screen.
public enum GNBError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The source could not be reached, or answered with an error status.
    case unavailable(source: String, reason: String)
    /// The source answered, but with data that is not valid rates or transactions.
    case badData(source: String, problem: GNBParseError)

    public var description: String {
        switch self {
        case .unavailable(let source, let reason):
            return "The GNB service at \(source) can't be reached (\(reason)), and no earlier download is saved."
        case .badData(let source, let problem):
            return "The data from \(source) is not valid: \(problem)"
        }
    }

    /// True when the fault is the source's availability rather than its data.
    public var isUnavailable: Bool {
        if case .unavailable = self { return true }
        return false
    }
}
