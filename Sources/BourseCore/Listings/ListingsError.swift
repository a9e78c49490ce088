/// Why a listings, profiles or price-levels file could not be read.
public enum ListingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The CSV text itself is broken at a line.
    case malformedCSV(line: Int, reason: String)
    /// The header lacks a column the parser needs.
    case missingColumn(String, found: [String])
    /// A data row is unusable.
    case badRow(line: Int, reason: String)

    public var description: String {
        switch self {
        case .malformedCSV(let line, let reason):
            return "malformed CSV at line \(line): \(reason)"
        case .missingColumn(let name, let found):
            return "the CSV header has no column \"\(name)\" (it has: \(found.joined(separator: ", "))); is this the right file?"
        case .badRow(let line, let reason):
            return "line \(line): \(reason)"
        }
    }
}
