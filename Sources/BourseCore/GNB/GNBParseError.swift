/// What is wrong with one record (a JSON object or an XML element) of a rates or transactions document.
public struct GNBRecordError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The record's position in the document, counting from 1.
    public let record: Int
    /// The field or attribute at fault; nil when the record as a whole is wrong (e.g. not an object).
    public let field: String?
    /// What is wrong, naming the offending value.
    public let message: String

    public init(record: Int, field: String?, message: String) {
        self.record = record
        self.field = field
        self.message = message
    }

    public var description: String {
        if let field { return "record \(record), field \"\(field)\": \(message)" }
        return "record \(record): \(message)"
    }
}

/// Why a GNB rates or transactions document was refused.
public enum GNBParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON or XML at all, or not the expected top-level shape; `reason` says where.
    case malformedDocument(format: GNBFormat, reason: String)
    /// Some records are invalid: every problem is listed (a record may appear once per bad field),
    /// none silently dropped; `validCount` records were fine.
    case badRecords([GNBRecordError], validCount: Int)

    public var description: String {
        switch self {
        case .malformedDocument(let format, let reason):
            return "the \(format.displayName) document cannot be read: \(reason)"
        case .badRecords(let errors, let validCount):
            let records = Set(errors.map(\.record)).count
            let shown = errors.prefix(10).map(\.description).joined(separator: "; ")
            let more = errors.count > 10 ? "; and \(errors.count - 10) more problems" : ""
            return
                "\(records) bad record\(records == 1 ? "" : "s") (\(validCount) valid): \(shown)\(more); fix or remove them and send the document again"
        }
    }
}
