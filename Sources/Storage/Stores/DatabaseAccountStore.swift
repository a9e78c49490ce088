import BourseCore
import Foundation
internal import GRDB

/// The accounts, invitations, sessions and API tokens in the database, so that a signed-in
/// phone stays signed in across a restart and the command line sees what the server sees.
public struct DatabaseAccountStore: AccountStore {
    private let database: BourseDatabase

    public init(database: BourseDatabase) {
        self.database = database
    }

    // MARK: Accounts

    public func owner() async throws -> AccountRecord {
        guard let owner = try await account(id: .owner) else {
            throw StorageError.failed(operation: "read the owner's account", reason: "the account table has no owner")
        }
        return owner
    }

    public func account(id: AccountID) async throws -> AccountRecord? {
        try await attempt("read an account") {
            try await database.writer.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM account WHERE id = ?", arguments: [id.rawValue]).map(
                    AccountRecords.account)
            }
        }
    }

    public func account(named name: String) async throws -> AccountRecord? {
        try await attempt("read an account") {
            try await database.writer.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM account WHERE name = ?", arguments: [name]).map(AccountRecords.account)
            }
        }
    }

    public func accounts() async throws -> [AccountRecord] {
        try await attempt("read the accounts") {
            try await database.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM account ORDER BY id != 1, name COLLATE NOCASE, id")
                    .map(AccountRecords.account)
            }
        }
    }

    /// The owner's account dates from their first password (before it, no one signed in).
    public func setOwner(name: String, passwordHash: String, at time: Date) async throws -> Bool {
        try await attempt("save the owner's account") {
            try await database.writer.write { db in
                let taken = try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE name = ? AND id != 1)", arguments: [name])
                if taken == true { return false }
                try db.execute(
                    sql: """
                        UPDATE account SET name = ?, password_hash = ?, changed_at = ?,
                            created_at = CASE WHEN password_hash IS NULL THEN ? ELSE created_at END
                        WHERE id = 1
                        """,
                    arguments: [name, passwordHash, time.timeIntervalSince1970, time.timeIntervalSince1970])
                try db.execute(sql: "DELETE FROM session WHERE account_id = 1")
                return true
            }
        }
    }

    public func setRole(_ role: Role, of account: AccountID, at time: Date) async throws -> Bool {
        try await write(
            "change an account's role", "UPDATE account SET role = ?, changed_at = ? WHERE id = ? AND id != 1",
            [role.rawValue, time.timeIntervalSince1970, account.rawValue]) == 1
    }

    public func deleteAccount(_ account: AccountID) async throws -> Bool {
        // The sessions, tokens and personal data go with it (ON DELETE CASCADE).
        try await write("remove an account", "DELETE FROM account WHERE id = ? AND id != 1", [account.rawValue]) == 1
    }

    // MARK: Invitations

    public func insertInvitation(_ invitation: InvitationRecord) async throws -> Bool {
        try await attempt("save an invitation") {
            try await database.writer.write { db in
                let taken = try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE name = ?)", arguments: [invitation.name])
                if taken == true { return false }
                try db.execute(sql: "DELETE FROM invitation WHERE name = ?", arguments: [invitation.name])
                try db.execute(
                    sql: "INSERT INTO invitation (token_hash, name, role, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: [
                        invitation.tokenHash, invitation.name, invitation.role.rawValue,
                        invitation.createdAt.timeIntervalSince1970, invitation.expiresAt.timeIntervalSince1970,
                    ])
                return true
            }
        }
    }

    public func invitations(at time: Date) async throws -> [InvitationRecord] {
        try await attempt("read the invitations") {
            try await database.writer.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM invitation WHERE expires_at > ? ORDER BY created_at, name",
                    arguments: [time.timeIntervalSince1970]
                ).map(AccountRecords.invitation)
            }
        }
    }

    public func invitation(tokenHash: String, at time: Date) async throws -> InvitationRecord? {
        try await attempt("read an invitation") {
            try await database.writer.read { db in
                try Row.fetchOne(
                    db, sql: "SELECT * FROM invitation WHERE token_hash = ? AND expires_at > ?",
                    arguments: [tokenHash, time.timeIntervalSince1970]
                ).map(AccountRecords.invitation)
            }
        }
    }

    public func deleteInvitation(named name: String) async throws -> Bool {
        try await write("withdraw an invitation", "DELETE FROM invitation WHERE name = ?", [name]) == 1
    }

    public func acceptInvitation(
        tokenHash: String, passwordHash: String, sessionHash: String, at time: Date
    ) async throws -> Result<AccountRecord, InvitationRefusal> {
        try await attempt("take an invitation") {
            try await database.writer.write { db in
                guard
                    let invitation = try Row.fetchOne(
                        db, sql: "SELECT * FROM invitation WHERE token_hash = ? AND expires_at > ?",
                        arguments: [tokenHash, time.timeIntervalSince1970]
                    ).map(AccountRecords.invitation)
                else { return .failure(.notValid) }
                let taken = try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM account WHERE name = ?)", arguments: [invitation.name])
                if taken == true { return .failure(.nameTaken(invitation.name)) }
                try db.execute(
                    sql: """
                        INSERT INTO account (name, role, password_hash, created_at, changed_at) VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        invitation.name, invitation.role.rawValue, passwordHash, time.timeIntervalSince1970,
                        time.timeIntervalSince1970,
                    ])
                let id = AccountID(db.lastInsertedRowID)
                try db.execute(sql: "DELETE FROM invitation WHERE token_hash = ?", arguments: [tokenHash])
                try Self.insert(SessionRecord(idHash: sessionHash, account: id, createdAt: time, lastSeenAt: time), in: db)
                return .success(
                    AccountRecord(
                        id: id, name: invitation.name, role: invitation.role, passwordHash: passwordHash, createdAt: time,
                        changedAt: time))
            }
        }
    }

    // MARK: Sessions

    public func insertSession(_ session: SessionRecord) async throws {
        try await attempt("save a session") {
            try await database.writer.write { db in try Self.insert(session, in: db) }
        }
    }

    public func session(idHash: String) async throws -> SessionRecord? {
        try await attempt("read a session") {
            try await database.writer.read { db in
                try Row.fetchOne(
                    db, sql: "SELECT id_hash, account_id, created_at, last_seen_at FROM session WHERE id_hash = ?",
                    arguments: [idHash]
                ).map(AccountRecords.session)
            }
        }
    }

    public func touchSession(idHash: String, at time: Date) async throws {
        try await write(
            "note a session's use", "UPDATE session SET last_seen_at = ? WHERE id_hash = ?",
            [time.timeIntervalSince1970, idHash])
    }

    public func deleteSession(idHash: String) async throws {
        try await write("end a session", "DELETE FROM session WHERE id_hash = ?", [idHash])
    }

    @discardableResult
    public func deleteSessions(lastSeenBefore time: Date) async throws -> Int {
        try await write("end the idle sessions", "DELETE FROM session WHERE last_seen_at < ?", [time.timeIntervalSince1970])
    }

    // MARK: API tokens

    public func insertToken(_ token: APITokenRecord) async throws -> Bool {
        try await attempt("save an API token") {
            try await database.writer.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO api_token (account_id, name, token_hash, created_at, last_used_at) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT(account_id, name) DO NOTHING
                        """,
                    arguments: [
                        token.account.rawValue, token.name, token.tokenHash, token.createdAt.timeIntervalSince1970,
                        token.lastUsedAt?.timeIntervalSince1970,
                    ])
                return db.changesCount == 1
            }
        }
    }

    public func tokens(of account: AccountID) async throws -> [APITokenRecord] {
        try await attempt("read the API tokens") {
            try await database.writer.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM api_token WHERE account_id = ? ORDER BY created_at, name",
                    arguments: [account.rawValue]
                ).map(AccountRecords.token)
            }
        }
    }

    public func token(hash: String) async throws -> APITokenRecord? {
        try await attempt("read an API token") {
            try await database.writer.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM api_token WHERE token_hash = ?", arguments: [hash]).map(
                    AccountRecords.token)
            }
        }
    }

    public func touchToken(hash: String, at time: Date) async throws {
        try await write(
            "note an API token's use", "UPDATE api_token SET last_used_at = ? WHERE token_hash = ?",
            [time.timeIntervalSince1970, hash])
    }

    public func deleteToken(name: String, of account: AccountID) async throws -> Bool {
        try await write(
            "revoke an API token", "DELETE FROM api_token WHERE account_id = ? AND name = ?", [account.rawValue, name]) == 1
    }

    // MARK: Rows

    /// One statement in its own transaction; how many rows it changed.
    @discardableResult
    private func write(_ operation: String, _ sql: String, _ arguments: StatementArguments) async throws -> Int {
        try await attempt(operation) {
            try await database.writer.write { db in
                try db.execute(sql: sql, arguments: arguments)
                return db.changesCount
            }
        }
    }

    private static func insert(_ session: SessionRecord, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO session (id_hash, account_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)",
            arguments: [
                session.idHash, session.account.rawValue, session.createdAt.timeIntervalSince1970,
                session.lastSeenAt.timeIntervalSince1970,
            ])
    }

}
