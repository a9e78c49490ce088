import BourseCore
import Foundation
internal import GRDB

/// The owner's account, the sessions and the API tokens in the database, so that a signed-in
/// phone stays signed in across a restart and the command line sees what the server sees.
public struct DatabaseAccountStore: AccountStore {
    private let database: BourseDatabase

    public init(database: BourseDatabase) {
        self.database = database
    }

    public func owner() async throws -> OwnerAccount? {
        try await attempt("read the owner's account") {
            try await database.writer.read { db in
                try Row.fetchOne(db, sql: "SELECT name, password_hash, changed_at FROM owner_account WHERE id = 1").map {
                    OwnerAccount(
                        name: $0["name"], passwordHash: $0["password_hash"],
                        changedAt: Date(timeIntervalSince1970: $0["changed_at"]))
                }
            }
        }
    }

    public func replaceOwner(_ owner: OwnerAccount) async throws {
        try await attempt("save the owner's account") {
            try await database.writer.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO owner_account (id, name, password_hash, changed_at) VALUES (1, ?, ?, ?)
                        ON CONFLICT(id) DO UPDATE SET
                            name = excluded.name, password_hash = excluded.password_hash, changed_at = excluded.changed_at
                        """,
                    arguments: [owner.name, owner.passwordHash, owner.changedAt.timeIntervalSince1970])
                try db.execute(sql: "DELETE FROM session")
            }
        }
    }

    public func insertSession(_ session: SessionRecord) async throws {
        try await attempt("save a session") {
            try await database.writer.write { db in
                try db.execute(
                    sql: "INSERT INTO session (id_hash, created_at, last_seen_at) VALUES (?, ?, ?)",
                    arguments: [
                        session.idHash, session.createdAt.timeIntervalSince1970, session.lastSeenAt.timeIntervalSince1970,
                    ])
            }
        }
    }

    public func session(idHash: String) async throws -> SessionRecord? {
        try await attempt("read a session") {
            try await database.writer.read { db in
                try Row.fetchOne(
                    db, sql: "SELECT id_hash, created_at, last_seen_at FROM session WHERE id_hash = ?", arguments: [idHash]
                ).map {
                    SessionRecord(
                        idHash: $0["id_hash"], createdAt: Date(timeIntervalSince1970: $0["created_at"]),
                        lastSeenAt: Date(timeIntervalSince1970: $0["last_seen_at"]))
                }
            }
        }
    }

    public func touchSession(idHash: String, at time: Date) async throws {
        try await write(
            "note a session's use", "UPDATE session SET last_seen_at = ? WHERE id_hash = ?",
            [
                time.timeIntervalSince1970, idHash,
            ])
    }

    public func deleteSession(idHash: String) async throws {
        try await write("end a session", "DELETE FROM session WHERE id_hash = ?", [idHash])
    }

    @discardableResult
    public func deleteSessions(lastSeenBefore time: Date) async throws -> Int {
        try await write("end the idle sessions", "DELETE FROM session WHERE last_seen_at < ?", [time.timeIntervalSince1970])
    }

    public func insertToken(_ token: APITokenRecord) async throws -> Bool {
        try await attempt("save an API token") {
            try await database.writer.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO api_token (name, token_hash, created_at, last_used_at) VALUES (?, ?, ?, ?)
                        ON CONFLICT(name) DO NOTHING
                        """,
                    arguments: [
                        token.name, token.tokenHash, token.createdAt.timeIntervalSince1970,
                        token.lastUsedAt?.timeIntervalSince1970,
                    ])
                return db.changesCount == 1
            }
        }
    }

    public func tokens() async throws -> [APITokenRecord] {
        try await attempt("read the API tokens") {
            try await database.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT * FROM api_token ORDER BY created_at, name").map(Self.token)
            }
        }
    }

    public func token(hash: String) async throws -> APITokenRecord? {
        try await attempt("read an API token") {
            try await database.writer.read { db in
                try Row.fetchOne(db, sql: "SELECT * FROM api_token WHERE token_hash = ?", arguments: [hash]).map(Self.token)
            }
        }
    }

    public func touchToken(hash: String, at time: Date) async throws {
        try await write(
            "note an API token's use", "UPDATE api_token SET last_used_at = ? WHERE token_hash = ?",
            [
                time.timeIntervalSince1970, hash,
            ])
    }

    public func deleteToken(name: String) async throws -> Bool {
        try await write("revoke an API token", "DELETE FROM api_token WHERE name = ?", [name]) == 1
    }

    /// One statement in its own transaction; how many rows it changed.
    @discardableResult
    private func write(
        _ operation: String, _ sql: String, _ arguments: StatementArguments
    ) async throws
        -> Int
    {
        try await attempt(operation) {
            try await database.writer.write { db in
                try db.execute(sql: sql, arguments: arguments)
                return db.changesCount
            }
        }
    }

    private static func token(_ row: Row) -> APITokenRecord {
        APITokenRecord(
            name: row["name"], tokenHash: row["token_hash"], createdAt: Date(timeIntervalSince1970: row["created_at"]),
            lastUsedAt: (row["last_used_at"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }
}
