import BourseCore
import Foundation

/// The accounts' rows as the app's values, for both databases.
enum AccountRecords {
    static func account(_ row: some StoredRow) throws -> AccountRecord {
        AccountRecord(
            id: AccountID(try row.int("id")), name: try row.text("name"), role: Role(rawValue: try row.text("role")) ?? .viewer,
            passwordHash: try row.optionalText("password_hash"), createdAt: try row.date("created_at"),
            changedAt: try row.date("changed_at"))
    }

    static func invitation(_ row: some StoredRow) throws -> InvitationRecord {
        InvitationRecord(
            tokenHash: try row.text("token_hash"), name: try row.text("name"),
            role: Role(rawValue: try row.text("role")) ?? .viewer, createdAt: try row.date("created_at"),
            expiresAt: try row.date("expires_at"))
    }

    static func session(_ row: some StoredRow) throws -> SessionRecord {
        SessionRecord(
            idHash: try row.text("id_hash"), account: AccountID(try row.int("account_id")),
            createdAt: try row.date("created_at"), lastSeenAt: try row.date("last_seen_at"))
    }

    static func token(_ row: some StoredRow) throws -> APITokenRecord {
        APITokenRecord(
            account: AccountID(try row.int("account_id")), name: try row.text("name"), tokenHash: try row.text("token_hash"),
            createdAt: try row.date("created_at"), lastUsedAt: try row.optionalDate("last_used_at"))
    }
}
