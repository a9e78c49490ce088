import BourseCore
import Foundation

/// The notices' and push subscriptions' rows as the app's values, for both databases.
enum NoticeRecords {
    static func subscriber(
        _ row: some StoredRow, id idColumn: String = "id", createdAt createdColumn: String = "created_at"
    )
        throws -> PushSubscriber
    {
        PushSubscriber(
            id: String(try row.int(idColumn)), endpoint: try row.text("endpoint"), p256dh: try row.text("p256dh"),
            auth: try row.text("auth"), createdAt: try row.date(createdColumn))
    }

    static func notice(_ row: some StoredRow) throws -> Notice {
        let id = try row.int("id")
        let kindText = try row.text("kind")
        guard let kind = NoticeKind(rawValue: kindText) else {
            throw StorageError.failed(operation: "read the notices", reason: "notice \(id): kind \(kindText) is unknown")
        }
        return Notice(
            id: String(id), kind: kind, title: try row.text("title"), body: try row.text("body"), url: try row.text("url"),
            tag: try row.text("tag"), createdAt: try row.date("created_at"))
    }

    /// A queued push: `push_delivery`'s id and attempts, its notice's columns and its device's
    /// (`s_id`, `s_created_at`), as `dueDeliveries` selects them.
    static func delivery(_ row: some StoredRow) throws -> PushDelivery {
        PushDelivery(
            id: String(try row.int("delivery_id")), notice: try notice(row),
            subscriber: try subscriber(row, id: "s_id", createdAt: "s_created_at"), attempts: Int(try row.int("attempts")))
    }

    /// Each kind's setting from `push_setting`'s rows (kind, enabled); a kind without a row is on.
    static func settings(_ rows: [some StoredRow]) throws -> PushSettings {
        var enabled: [String: Bool] = [:]
        for row in rows { enabled[try row.text("kind")] = try row.flag("enabled") }
        return PushSettings(alerts: enabled["alert"] ?? true, fills: enabled["fill"] ?? true, orders: enabled["order"] ?? true)
    }
}
