import BourseCore
import Foundation
internal import PostgresNIO

/// The notices, push subscriptions, push settings, the VAPID key and the push queue in
/// PostgreSQL, as `DatabaseNotificationStore` keeps them in SQLite.
public struct PostgresNotificationStore: NotificationStore {
    private let database: PostgreSQLDatabase

    public init(database: PostgreSQLDatabase) {
        self.database = database
    }

    public func pushKey(orMake make: @escaping @Sendable () -> String) async throws -> String {
        let logger = database.logger
        let query: PostgresQuery = "SELECT private_key FROM push_key WHERE id = 1"
        if let key = try await database.read(
            "read the push key",
            { connection in
                try await connection.row(query, logger: logger)?.text("private_key")
            })
        {
            return key
        }
        // Made outside the write, kept only if no other caller (or instance) stored one first.
        let made = make()
        return try await database.write("read the push key") { connection in
            try await connection.run(
                "INSERT INTO push_key (id, private_key) VALUES (1, \(made)) ON CONFLICT DO NOTHING", logger: logger)
            return try await connection.row(query, logger: logger)?.text("private_key") ?? made
        }
    }

    public func subscribe(
        for account: AccountID, _ subscription: PushSubscriber
    ) async throws -> (subscriber: PushSubscriber, created: Bool) {
        let logger = database.logger
        return try await database.write("store the push subscription") {
            connection -> (subscriber: PushSubscriber, created: Bool) in
            if let row = try await connection.row(
                "SELECT * FROM push_subscription WHERE endpoint = \(subscription.endpoint)", logger: logger)
            {
                let id = try row.int("id")
                let owner = try row.int("account_id")
                if owner != account.rawValue {
                    // The device moves to this account: nothing queued for the other one reaches it.
                    try await connection.run("DELETE FROM push_delivery WHERE subscription_id = \(id)", logger: logger)
                }
                try await connection.run(
                    """
                    UPDATE push_subscription SET account_id = \(account.rawValue), p256dh = \(subscription.p256dh),
                        auth = \(subscription.auth) WHERE id = \(id)
                    """, logger: logger)
                return (
                    PushSubscriber(
                        id: String(id), endpoint: subscription.endpoint, p256dh: subscription.p256dh,
                        auth: subscription.auth, createdAt: try row.date("created_at")),
                    owner != account.rawValue
                )
            }
            guard
                let inserted = try await connection.row(
                    """
                    INSERT INTO push_subscription (account_id, endpoint, p256dh, auth, created_at)
                    VALUES (\(account.rawValue), \(subscription.endpoint), \(subscription.p256dh), \(subscription.auth),
                        \(subscription.createdAt.timeIntervalSince1970))
                    RETURNING id
                    """, logger: logger)
            else { throw StorageError.failed(operation: "store the push subscription", reason: "no row was made") }
            var stored = subscription
            stored.id = String(try inserted.int("id"))
            return (stored, true)
        }
    }

    public func subscribers(of account: AccountID) async throws -> [PushSubscriber] {
        let logger = database.logger
        return try await database.read("read the push subscriptions") { connection in
            try await connection.rows(
                "SELECT * FROM push_subscription WHERE account_id = \(account.rawValue) ORDER BY id", logger: logger
            ).map { try NoticeRecords.subscriber($0) }
        }
    }

    public func unsubscribe(for account: AccountID, endpoint: String) async throws -> Bool {
        try await database.write(
            "remove the push subscription",
            "DELETE FROM push_subscription WHERE endpoint = \(endpoint) AND account_id = \(account.rawValue) RETURNING 1") > 0
    }

    public func removeSubscriber(id: String) async throws {
        try await database.write("remove the push subscription", "DELETE FROM push_subscription WHERE id = \(Int64(id) ?? -1)")
    }

    public func pushSettings(of account: AccountID) async throws -> PushSettings {
        let logger = database.logger
        return try await database.read("read the push settings") { connection in
            try await Self.settings(connection, of: account, logger)
        }
    }

    public func setPushSettings(for account: AccountID, _ settings: PushSettings) async throws {
        let logger = database.logger
        try await database.write("store the push settings") { connection in
            for kind in NoticeKind.allCases {
                try await connection.run(
                    """
                    INSERT INTO push_setting (account_id, kind, enabled)
                    VALUES (\(account.rawValue), \(kind.rawValue), \(settings.sends(kind) ? 1 : 0))
                    ON CONFLICT (account_id, kind) DO UPDATE SET enabled = excluded.enabled
                    """, logger: logger)
            }
        }
    }

    public func post(for account: AccountID, _ notice: Notice) async throws -> Notice {
        let logger = database.logger
        let kept = Self.noticesKept
        return try await database.write("store the notice") { connection in
            guard
                let inserted = try await connection.row(
                    """
                    INSERT INTO notice (account_id, kind, title, body, url, tag, created_at)
                    VALUES (\(account.rawValue), \(notice.kind.rawValue), \(notice.title), \(notice.body), \(notice.url),
                        \(notice.tag), \(notice.createdAt.timeIntervalSince1970))
                    RETURNING id
                    """, logger: logger)
            else { throw StorageError.failed(operation: "store the notice", reason: "no row was made") }
            let noticeID = try inserted.int("id")
            var stored = notice
            stored.id = String(noticeID)
            if try await Self.settings(connection, of: account, logger).sends(notice.kind) {
                // Due at once: 0 comes before any time a retry is put off to. The account's devices only.
                try await connection.run(
                    """
                    INSERT INTO push_delivery (notice_id, subscription_id, due_at)
                    SELECT \(noticeID), id, 0 FROM push_subscription WHERE account_id = \(account.rawValue) ORDER BY id
                    """, logger: logger)
            }
            try await connection.run(
                """
                DELETE FROM notice WHERE account_id = \(account.rawValue) AND id <= (
                    SELECT id FROM notice WHERE account_id = \(account.rawValue) ORDER BY id DESC LIMIT 1 OFFSET \(kept))
                """, logger: logger)
            return stored
        }
    }

    public func notices(of account: AccountID, limit: Int) async throws -> (notices: [Notice], unseen: Int) {
        let logger = database.logger
        return try await database.read("read the notices") { connection -> (notices: [Notice], unseen: Int) in
            let notices = try await connection.rows(
                "SELECT * FROM notice WHERE account_id = \(account.rawValue) ORDER BY id DESC LIMIT \(max(0, limit))",
                logger: logger
            ).map(NoticeRecords.notice)
            let unseen = try await connection.row(
                "SELECT COUNT(*) AS unseen FROM notice WHERE account_id = \(account.rawValue) AND seen = 0", logger: logger
            )?.int("unseen")
            return (notices, Int(unseen ?? 0))
        }
    }

    public func markSeen(for account: AccountID) async throws {
        try await database.write(
            "mark the notices seen", "UPDATE notice SET seen = 1 WHERE account_id = \(account.rawValue) AND seen = 0")
    }

    public func dueDeliveries(at now: Date, limit: Int) async throws -> [PushDelivery] {
        let logger = database.logger
        return try await database.read("read the push queue") { connection in
            try await connection.rows(
                """
                SELECT d.id AS delivery_id, d.attempts, n.*, s.id AS s_id, s.endpoint, s.p256dh, s.auth,
                    s.created_at AS s_created_at
                FROM push_delivery d
                JOIN notice n ON n.id = d.notice_id
                JOIN push_subscription s ON s.id = d.subscription_id
                WHERE d.due_at <= \(now.timeIntervalSince1970) ORDER BY d.due_at, d.id LIMIT \(max(0, limit))
                """, logger: logger
            ).map(NoticeRecords.delivery)
        }
    }

    public func nextDue() async throws -> Date? {
        let logger = database.logger
        return try await database.read("read the push queue") { connection in
            try await connection.row("SELECT MIN(due_at) AS due FROM push_delivery", logger: logger)?.optionalDate("due")
        }
    }

    public func finish(delivery id: String) async throws {
        try await database.write("update the push queue", "DELETE FROM push_delivery WHERE id = \(Int64(id) ?? -1)")
    }

    public func retry(delivery id: String, at time: Date) async throws {
        try await database.write(
            "update the push queue",
            "UPDATE push_delivery SET attempts = attempts + 1, due_at = \(time.timeIntervalSince1970) WHERE id = \(Int64(id) ?? -1)"
        )
    }

    private static func settings(
        _ connection: PostgresConnection, of account: AccountID, _ logger: Logger
    ) async throws
        -> PushSettings
    {
        try NoticeRecords.settings(
            try await connection.rows(
                "SELECT kind, enabled FROM push_setting WHERE account_id = \(account.rawValue)", logger: logger))
    }
}
