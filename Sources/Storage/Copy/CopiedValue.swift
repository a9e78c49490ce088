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

    /// The value itself, for a row's key and an error's row (a key is an id, a name or a symbol).
    var keyText: String {
        switch self {
        case .null: return "NULL"
        case .integer(let value): return String(value)
        case .real(let value): return String(value)
        case .text(let value): return value
        case .bytes(let bytes): return bytes.map { String($0, radix: 16) }.joined()
        }
    }

    /// What kind of value it is, for an error (never the value: it may be a password's hash).
    var description: String {
        switch self {
        case .null: return "NULL"
        case .integer: return "an integer"
        case .real: return "a number"
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
