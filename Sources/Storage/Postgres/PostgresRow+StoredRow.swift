internal import PostgresNIO

extension PostgresRandomAccessRow: StoredRow {
    func int(_ column: String) throws -> Int64 { try required(column) }
    func optionalInt(_ column: String) throws -> Int64? { try optional(column) }
    func double(_ column: String) throws -> Double { try required(column) }
    func optionalDouble(_ column: String) throws -> Double? { try optional(column) }
    func text(_ column: String) throws -> String { try required(column) }
    func optionalText(_ column: String) throws -> String? { try optional(column) }

    private func required<T: PostgresDecodable>(_ column: String) throws -> T {
        guard let value: T = try optional(column) else {
            throw StorageError.failed(operation: "read a row", reason: "\(column) is empty")
        }
        return value
    }

    private func optional<T: PostgresDecodable>(_ column: String) throws -> T? {
        guard contains(column) else {
            throw StorageError.failed(operation: "read a row", reason: "no column \(column)")
        }
        let cell = self[column]
        if cell.bytes == nil { return nil }
        do {
            return try cell.decode(T.self, context: .default)
        } catch {
            throw StorageError.failed(operation: "read a row", reason: "\(column) is not a \(T.self)")
        }
    }
}
