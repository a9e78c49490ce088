import BourseCore
import Foundation
internal import PostgresNIO

/// The accounts, invitations, sessions and API tokens in PostgreSQL: any instance signs anyone
/// in. Names are unique without regard to case (`lower(name)`), as SQLite's NOCASE makes them.
public struct PostgresAccountStore: AccountStore {
    private let database: PostgreSQLDatabase

    public init(database: PostgreSQLDatabase) {
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
        try await accounts("read an account", "WHERE id = \(id.rawValue)").first
    }

    public func account(named name: String) async throws -> AccountRecord? {
        try await accounts("read an account", "WHERE lower(name) = lower(\(name))").first
    }

    public func accounts() async throws -> [AccountRecord] {
        try await accounts("read the accounts", "ORDER BY id <> 1, lower(name) COLLATE \"C\", id")
    }

    public func setOwner(name: String, passwordHash: String, at time: Date) async throws -> Bool {
        let logger = database.logger
        let seconds = time.timeIntervalSince1970
        return try await database.write("save the owner's account") { connection in
            if try await Self.nameTaken(name, besidesOwner: true, connection, logger) { return false }
            try await connection.run(
                """
                UPDATE account SET name = \(name), password_hash = \(passwordHash), changed_at = \(seconds),
                    created_at = CASE WHEN password_hash IS NULL THEN \(seconds) ELSE created_at END
                WHERE id = 1
                """, logger: logger)
            try await connection.run("DELETE FROM session WHERE account_id = 1", logger: logger)
            return true
        }
    }

    public func setRole(_ role: Role, of account: AccountID, at time: Date) async throws -> Bool {
        try await database.write(
            "change an account's role",
            """
            UPDATE account SET role = \(role.rawValue), changed_at = \(time.timeIntervalSince1970)
            WHERE id = \(account.rawValue) AND id <> 1 RETURNING 1
            """) == 1
    }

    public func deleteAccount(_ account: AccountID) async throws -> Bool {
        // The sessions, tokens and personal data go with it (ON DELETE CASCADE).
        try await database.write(
            "remove an account", "DELETE FROM account WHERE id = \(account.rawValue) AND id <> 1 RETURNING 1") == 1
    }

    // MARK: Invitations

    public func insertInvitation(_ invitation: InvitationRecord) async throws -> Bool {
        let logger = database.logger
        return try await database.write("save an invitation") { connection in
            if try await Self.nameTaken(invitation.name, besidesOwner: false, connection, logger) { return false }
            try await connection.run("DELETE FROM invitation WHERE lower(name) = lower(\(invitation.name))", logger: logger)
            try await connection.run(
                """
                INSERT INTO invitation (token_hash, name, role, created_at, expires_at)
                VALUES (\(invitation.tokenHash), \(invitation.name), \(invitation.role.rawValue),
                    \(invitation.createdAt.timeIntervalSince1970), \(invitation.expiresAt.timeIntervalSince1970))
                """, logger: logger)
            return true
        }
    }

    public func invitations(at time: Date) async throws -> [InvitationRecord] {
        let logger = database.logger
        return try await database.read("read the invitations") { connection in
            try await connection.rows(
                "SELECT * FROM invitation WHERE expires_at > \(time.timeIntervalSince1970) ORDER BY created_at, name",
                logger: logger
            ).map(AccountRecords.invitation)
        }
    }

    public func invitation(tokenHash: String, at time: Date) async throws -> InvitationRecord? {
        let logger = database.logger
        return try await database.read("read an invitation") { connection in
            try await Self.invitation(tokenHash, at: time, connection, logger)
        }
    }

    public func deleteInvitation(named name: String) async throws -> Bool {
        try await database.write(
            "withdraw an invitation", "DELETE FROM invitation WHERE lower(name) = lower(\(name)) RETURNING 1") == 1
    }

    public func acceptInvitation(
        tokenHash: String, passwordHash: String, sessionHash: String, at time: Date
    ) async throws -> Result<AccountRecord, InvitationRefusal> {
        let logger = database.logger
        let seconds = time.timeIntervalSince1970
        return try await database.write("take an invitation") { connection -> Result<AccountRecord, InvitationRefusal> in
            guard let invitation = try await Self.invitation(tokenHash, at: time, connection, logger) else {
                return .failure(.notValid)
            }
            if try await Self.nameTaken(invitation.name, besidesOwner: false, connection, logger) {
                return .failure(.nameTaken(invitation.name))
            }
            guard
                let inserted = try await connection.row(
                    """
                    INSERT INTO account (name, role, password_hash, created_at, changed_at)
                    VALUES (\(invitation.name), \(invitation.role.rawValue), \(passwordHash), \(seconds), \(seconds))
                    RETURNING id
                    """, logger: logger)
            else { throw StorageError.failed(operation: "take an invitation", reason: "the account was not made") }
            let id = AccountID(try inserted.int("id"))
            try await connection.run("DELETE FROM invitation WHERE token_hash = \(tokenHash)", logger: logger)
            try await Self.insert(
                SessionRecord(idHash: sessionHash, account: id, createdAt: time, lastSeenAt: time), connection, logger)
            return .success(
                AccountRecord(
                    id: id, name: invitation.name, role: invitation.role, passwordHash: passwordHash, createdAt: time,
                    changedAt: time))
        }
    }

    // MARK: Sessions

    public func insertSession(_ session: SessionRecord) async throws {
        let logger = database.logger
        try await database.write("save a session") { connection in try await Self.insert(session, connection, logger) }
    }

    public func session(idHash: String) async throws -> SessionRecord? {
        let logger = database.logger
        return try await database.read("read a session") { connection in
            try await connection.row(
                "SELECT id_hash, account_id, created_at, last_seen_at FROM session WHERE id_hash = \(idHash)", logger: logger
            ).map(AccountRecords.session)
        }
    }

    public func touchSession(idHash: String, at time: Date) async throws {
        try await database.write(
            "note a session's use",
            "UPDATE session SET last_seen_at = \(time.timeIntervalSince1970) WHERE id_hash = \(idHash) RETURNING 1")
    }

    public func deleteSession(idHash: String) async throws {
        try await database.write("end a session", "DELETE FROM session WHERE id_hash = \(idHash) RETURNING 1")
    }

    @discardableResult
    public func deleteSessions(lastSeenBefore time: Date) async throws -> Int {
        try await database.write(
            "end the idle sessions", "DELETE FROM session WHERE last_seen_at < \(time.timeIntervalSince1970) RETURNING 1")
    }

    // MARK: API tokens

    public func insertToken(_ token: APITokenRecord) async throws -> Bool {
        try await database.write(
            "save an API token",
            """
            INSERT INTO api_token (account_id, name, token_hash, created_at, last_used_at)
            VALUES (\(token.account.rawValue), \(token.name), \(token.tokenHash), \(token.createdAt.timeIntervalSince1970),
                \(token.lastUsedAt?.timeIntervalSince1970))
            ON CONFLICT (account_id, name) DO NOTHING RETURNING 1
            """) == 1
    }

    public func tokens(of account: AccountID) async throws -> [APITokenRecord] {
        let logger = database.logger
        return try await database.read("read the API tokens") { connection in
            try await connection.rows(
                "SELECT * FROM api_token WHERE account_id = \(account.rawValue) ORDER BY created_at, name", logger: logger
            ).map(AccountRecords.token)
        }
    }

    public func token(hash: String) async throws -> APITokenRecord? {
        let logger = database.logger
        return try await database.read("read an API token") { connection in
            try await connection.row("SELECT * FROM api_token WHERE token_hash = \(hash)", logger: logger)
                .map(AccountRecords.token)
        }
    }

    public func touchToken(hash: String, at time: Date) async throws {
        try await database.write(
            "note an API token's use",
            "UPDATE api_token SET last_used_at = \(time.timeIntervalSince1970) WHERE token_hash = \(hash) RETURNING 1")
    }

    public func deleteToken(name: String, of account: AccountID) async throws -> Bool {
        try await database.write(
            "revoke an API token",
            "DELETE FROM api_token WHERE account_id = \(account.rawValue) AND name = \(name) RETURNING 1") == 1
    }

    // MARK: Rows

    private func accounts(_ operation: String, _ rest: PostgresQuery) async throws -> [AccountRecord] {
        let logger = database.logger
        return try await database.read(operation) { connection in
            try await connection.rows(
                PostgresQuery(unsafeSQL: "SELECT * FROM account " + rest.sql, binds: rest.binds), logger: logger
            ).map(AccountRecords.account)
        }
    }

    private static func nameTaken(
        _ name: String, besidesOwner: Bool, _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> Bool {
        try await connection.row(
            """
            SELECT 1 AS taken FROM account WHERE lower(name) = lower(\(name)) AND (id <> 1 OR NOT \(besidesOwner))
            """, logger: logger) != nil
    }

    private static func invitation(
        _ tokenHash: String, at time: Date, _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> InvitationRecord? {
        try await connection.row(
            "SELECT * FROM invitation WHERE token_hash = \(tokenHash) AND expires_at > \(time.timeIntervalSince1970)",
            logger: logger
        ).map(AccountRecords.invitation)
    }

    private static func insert(_ session: SessionRecord, _ connection: PostgresConnection, _ logger: Logger) async throws {
        try await connection.run(
            """
            INSERT INTO session (id_hash, account_id, created_at, last_seen_at)
            VALUES (\(session.idHash), \(session.account.rawValue), \(session.createdAt.timeIntervalSince1970),
                \(session.lastSeenAt.timeIntervalSince1970))
            """, logger: logger)
    }
}
