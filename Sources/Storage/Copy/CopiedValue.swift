import Foundation

/// One column's value on its way from SQLite to PostgreSQL, in the form both are compared in.
enum CopiedValue: Equatable, Sendable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case bytes([UInt8])

    /// The value as the PostgreSQL column of `type` holds it: SQLite keeps an integer where a
    /// REAL column was given a whole number, and reads back as it was written.
    func converted(to type: ColumnType) throws(StorageError) -> CopiedValue {
        switch (self, type) {
        case (.null, _), (.integer, .integer), (.real, .real), (.text, .text), (.bytes, .bytes):
            return self
        case (.integer(let value), .real):
            return .real(Double(value))
        case (.real(let value), .integer) where value.rounded() == value && abs(value) < 9e18:
            return .integer(Int64(value))
        case (.text(let value), .bytes):
            return .bytes(Array(value.utf8))
        default:
            throw StorageError.failed(operation: "copy the database", reason: "\(description) does not fit a \(type) column")
        }
    }

    var description: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return "the integer \(value)"
        case .real(let value): return "the number \(value)"
        case .text: return "a text"
        case .bytes(let bytes): return "\(bytes.count) bytes"
        }
    }
}

/// A PostgreSQL column's type, as the copy binds and reads it.
enum ColumnType: String, Sendable, CustomStringConvertible {
    case integer = "bigint"
    case real = "double precision"
    case text = "text"
    case bytes = "bytea"

    var description: String { rawValue }
}
