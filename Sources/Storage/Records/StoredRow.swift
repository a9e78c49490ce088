import Foundation
internal import GRDB

/// A row read from either database, by column name: the records are read from it once for both
/// (`Records`), whichever database the row came from. Integers are 64-bit, times Unix seconds.
protocol StoredRow {
    func int(_ column: String) throws -> Int64
    func optionalInt(_ column: String) throws -> Int64?
    func double(_ column: String) throws -> Double
    func optionalDouble(_ column: String) throws -> Double?
    func text(_ column: String) throws -> String
    func optionalText(_ column: String) throws -> String?
}

extension StoredRow {
    func date(_ column: String) throws -> Date { Date(timeIntervalSince1970: try double(column)) }
    func optionalDate(_ column: String) throws -> Date? { try optionalDouble(column).map(Date.init(timeIntervalSince1970:)) }
    /// A yes-or-no stored as 0 or 1.
    func flag(_ column: String) throws -> Bool { try int(column) != 0 }
}

extension Row: StoredRow {
    func int(_ column: String) throws -> Int64 { try required(column) }
    func optionalInt(_ column: String) throws -> Int64? { try optional(column) }
    func double(_ column: String) throws -> Double { try required(column) }
    func optionalDouble(_ column: String) throws -> Double? { try optional(column) }
    func text(_ column: String) throws -> String { try required(column) }
    func optionalText(_ column: String) throws -> String? { try optional(column) }

    private func required<T: DatabaseValueConvertible>(_ column: String) throws -> T {
        guard let value: T = try optional(column) else {
            throw StorageError.failed(operation: "read a row", reason: "\(column) is empty")
        }
        return value
    }

    private func optional<T: DatabaseValueConvertible>(_ column: String) throws -> T? {
        let value: DatabaseValue = self[column]
        if value.isNull { return nil }
        guard let converted = T.fromDatabaseValue(value) else {
            throw StorageError.failed(operation: "read a row", reason: "\(column) is not a \(T.self)")
        }
        return converted
    }
}
