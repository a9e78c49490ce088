import BourseCore
import Foundation
internal import GRDB

/// The notices, the push subscriptions, the push settings, the VAPID key and the push queue in
/// the database (`notice`, `push_subscription`, `push_setting`, `push_key`, `push_delivery`).
/// Notices, subscriptions and settings are each one account's (`account_id`); the queue is read
/// across accounts by the sender, each row a notice and a device of the same account.
public struct DatabaseNotificationStore: NotificationStore {
    private let database: BourseDatabase

    public init(database: BourseDatabase) {
        self.database = database
    }

    public func pushKey(orMake make: @escaping @Sendable () -> String) async throws -> String {
        try await attempt("read the push key") {
            if let key = try await database.writer.read({ db in
                try String.fetchOne(db, sql: "SELECT private_key FROM push_key WHERE id = 1")
            }) {
                return key
            }
            // Made outside the write, kept only if no other caller stored one first.
            let made = make()
            return try await database.writer.write { db in
                try db.execute(sql: "INSERT OR IGNORE INTO push_key (id, private_key) VALUES (1, ?)", arguments: [made])
                return try String.fetchOne(db, sql: "SELECT private_key FROM push_key WHERE id = 1") ?? made
            }
        }
    }

    public func subscribe(
        for account: AccountID, _ subscription: PushSubscriber
    ) async throws -> (subscriber: PushSubscriber, created: Bool) {
        try await attempt("store the push subscription") {
            try await database.writer.write { db in
                if let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM push_subscription WHERE endpoint = ?", arguments: [subscription.endpoint])
                {
                    let id: Int64 = row["id"]
                    let owner: Int64 = row["account_id"]
                    if owner != account.rawValue {
                        // The device moves to this account: nothing queued for the other one reaches it.
                        try db.execute(sql: "DELETE FROM push_delivery WHERE subscription_id = ?", arguments: [id])
                    }
                    try db.execute(
                        sql: "UPDATE push_subscription SET account_id = ?, p256dh = ?, auth = ? WHERE id = ?",
                        arguments: [account.rawValue, subscription.p256dh, subscription.auth, id])
                    let createdAt: Double = row["created_at"]
                    return (
                        PushSubscriber(
                            id: String(id), endpoint: subscription.endpoint, p256dh: subscription.p256dh,
                            auth: subscription.auth, createdAt: Date(timeIntervalSince1970: createdAt)),
                        owner != account.rawValue
                    )
                }
                try db.execute(
                    sql: """
                        INSERT INTO push_subscription (account_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        account.rawValue, subscription.endpoint, subscription.p256dh, subscription.auth,
                        subscription.createdAt.timeIntervalSince1970,
                    ])
                var stored = subscription
                stored.id = String(db.lastInsertedRowID)
                return (stored, true)
            }
        }
    }

    public func subscribers(of account: AccountID) async throws -> [PushSubscriber] {
        try await attempt("read the push subscriptions") {
            try await database.writer.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM push_subscription WHERE account_id = ? ORDER BY id", arguments: [account.rawValue]
                ).map { try NoticeRecords.subscriber($0) }
            }
        }
    }

    public func unsubscribe(for account: AccountID, endpoint: String) async throws -> Bool {
        try await attempt("remove the push subscription") {
            try await database.writer.write { db in
                try db.execute(
                    sql: "DELETE FROM push_subscription WHERE endpoint = ? AND account_id = ?",
                    arguments: [endpoint, account.rawValue])
                return db.changesCount > 0
            }
        }
    }

    public func removeSubscriber(id: String) async throws {
        try await attempt("remove the push subscription") {
            try await database.writer.write { db in
                try db.execute(sql: "DELETE FROM push_subscription WHERE id = ?", arguments: [Int64(id) ?? -1])
            }
        }
    }

    public func pushSettings(of account: AccountID) async throws -> PushSettings {
        try await attempt("read the push settings") {
            try await database.writer.read { db in try Self.settings(db, of: account) }
        }
    }

    public func setPushSettings(for account: AccountID, _ settings: PushSettings) async throws {
        try await attempt("store the push settings") {
            try await database.writer.write { db in
                for kind in NoticeKind.allCases {
                    try db.execute(
                        sql: """
                            INSERT INTO push_setting (account_id, kind, enabled) VALUES (?, ?, ?)
                            ON CONFLICT(account_id, kind) DO UPDATE SET enabled = excluded.enabled
                            """, arguments: [account.rawValue, kind.rawValue, settings.sends(kind)])
                }
            }
        }
    }

    public func post(for account: AccountID, _ notice: Notice) async throws -> Notice {
        try await attempt("store the notice") {
            try await database.writer.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO notice (account_id, kind, title, body, url, tag, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        account.rawValue, notice.kind.rawValue, notice.title, notice.body, notice.url, notice.tag,
                        notice.createdAt.timeIntervalSince1970,
                    ])
                let noticeID = db.lastInsertedRowID
                var stored = notice
                stored.id = String(noticeID)
                if try Self.settings(db, of: account).sends(notice.kind) {
                    // Due at once: 0 comes before any time a retry is put off to. The account's devices only.
                    try db.execute(
                        sql: """
                            INSERT INTO push_delivery (notice_id, subscription_id, due_at)
                            SELECT ?, id, 0 FROM push_subscription WHERE account_id = ? ORDER BY id
                            """, arguments: [noticeID, account.rawValue])
                }
                try db.execute(
                    sql: """
                        DELETE FROM notice WHERE account_id = ? AND id <= (
                            SELECT id FROM notice WHERE account_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)
                        """,
                    arguments: [account.rawValue, account.rawValue, Self.noticesKept])
                return stored
            }
        }
    }

    public func notices(of account: AccountID, limit: Int) async throws -> (notices: [Notice], unseen: Int) {
        try await attempt("read the notices") {
            try await database.writer.read { db in
                let notices = try Row.fetchAll(
                    db, sql: "SELECT * FROM notice WHERE account_id = ? ORDER BY id DESC LIMIT ?",
                    arguments: [account.rawValue, max(0, limit)]
                ).map(NoticeRecords.notice)
                let unseen =
                    try Int.fetchOne(
                        db, sql: "SELECT COUNT(*) FROM notice WHERE account_id = ? AND seen = 0", arguments: [account.rawValue])
                    ?? 0
                return (notices, unseen)
            }
        }
    }

    public func markSeen(for account: AccountID) async throws {
        try await attempt("mark the notices seen") {
            try await database.writer.write { db in
                try db.execute(
                    sql: "UPDATE notice SET seen = 1 WHERE account_id = ? AND seen = 0", arguments: [account.rawValue])
            }
        }
    }

    public func dueDeliveries(at now: Date, limit: Int) async throws -> [PushDelivery] {
        try await attempt("read the push queue") {
            try await database.writer.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT d.id AS delivery_id, d.attempts, n.*, s.id AS s_id, s.endpoint, s.p256dh, s.auth,
                            s.created_at AS s_created_at
                        FROM push_delivery d
                        JOIN notice n ON n.id = d.notice_id
                        JOIN push_subscription s ON s.id = d.subscription_id
                        WHERE d.due_at <= ? ORDER BY d.due_at, d.id LIMIT ?
                        """, arguments: [now.timeIntervalSince1970, max(0, limit)]
                ).map(NoticeRecords.delivery)
            }
        }
    }

    public func nextDue() async throws -> Date? {
        try await attempt("read the push queue") {
            try await database.writer.read { db in
                try Double.fetchOne(db, sql: "SELECT MIN(due_at) FROM push_delivery").map(Date.init(timeIntervalSince1970:))
            }
        }
    }

    public func finish(delivery id: String) async throws {
        try await attempt("update the push queue") {
            try await database.writer.write { db in
                try db.execute(sql: "DELETE FROM push_delivery WHERE id = ?", arguments: [Int64(id) ?? -1])
            }
        }
    }

    public func retry(delivery id: String, at time: Date) async throws {
        try await attempt("update the push queue") {
            try await database.writer.write { db in
                try db.execute(
                    sql: "UPDATE push_delivery SET attempts = attempts + 1, due_at = ? WHERE id = ?",
                    arguments: [time.timeIntervalSince1970, Int64(id) ?? -1])
            }
        }
    }

    private static func settings(_ db: Database, of account: AccountID) throws -> PushSettings {
        try NoticeRecords.settings(
            Row.fetchAll(db, sql: "SELECT kind, enabled FROM push_setting WHERE account_id = ?", arguments: [account.rawValue]))
    }

}
