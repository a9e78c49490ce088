import BourseCore
import Foundation

/// The price alerts' rows as the app's values, for both databases.
enum AlertRecords {
    static func alert(_ row: some StoredRow) throws -> Alert {
        let id = try row.int("id")
        let value = try row.text("value")
        let kind = try row.text("kind")
        guard let decimal = try? ExactDecimal(parsing: value) else {
            throw StorageError.failed(operation: "read the alerts", reason: "alert \(id): value \(value) is not a decimal")
        }
        let condition: AlertCondition
        switch kind {
        case "above", "below":
            guard let price = try? Price(decimal) else {
                throw StorageError.failed(operation: "read the alerts", reason: "alert \(id): \(value) is no price")
            }
            condition = kind == "above" ? .above(price) : .below(price)
        default:
            condition = .movePercent(decimal)
        }
        return Alert(
            id: String(id), symbol: try row.text("symbol"), condition: condition,
            status: AlertStatus(rawValue: try row.text("status")) ?? .armed, createdAt: try row.date("created_at"),
            firedAt: try row.optionalDate("fired_at"),
            firedPrice: try row.optionalText("fired_price").flatMap { try? ExactDecimal(parsing: $0) },
            firedChangePercent: try row.optionalText("fired_change_percent").flatMap { try? ExactDecimal(parsing: $0) })
    }
}
