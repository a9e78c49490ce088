import Foundation

/// The one account that may use the app: a name and a bcrypt hash of its password.
public struct OwnerAccount: Sendable, Equatable {
    public var name: String
    /// The password's bcrypt hash (`$2b$…`); the password itself is never stored.
    public var passwordHash: String
    public var changedAt: Date

    public init(name: String, passwordHash: String, changedAt: Date) {
        self.name = name
        self.passwordHash = passwordHash
        self.changedAt = changedAt
    }
}

/// A signed-in browser. The store keeps the SHA-256 of the cookie's secret, never the secret.
public struct SessionRecord: Sendable, Equatable {
    public let idHash: String
    public let createdAt: Date
    public var lastSeenAt: Date

    public init(idHash: String, createdAt: Date, lastSeenAt: Date) {
        self.idHash = idHash
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}

/// A named API token for scripts. The store keeps the SHA-256 of the token, never the token.
public struct APITokenRecord: Sendable, Equatable, Encodable {
    public let name: String
    public let tokenHash: String
    public let createdAt: Date
    public var lastUsedAt: Date?

    public init(name: String, tokenHash: String, createdAt: Date, lastUsedAt: Date? = nil) {
        self.name = name
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// Where the owner's account, the sessions and the API tokens are kept: the database in the
/// app (sessions survive a restart), and read directly by the command line.
public protocol AccountStore: Sendable {
    func owner() async throws -> OwnerAccount?
    /// Sets the owner (name and password hash) and ends every session, in one transaction: a
    /// new password signs every browser out.
    func replaceOwner(_ owner: OwnerAccount) async throws

    func insertSession(_ session: SessionRecord) async throws
    func session(idHash: String) async throws -> SessionRecord?
    func touchSession(idHash: String, at time: Date) async throws
    func deleteSession(idHash: String) async throws
    /// Deletes the sessions last seen before `time`; how many.
    @discardableResult func deleteSessions(lastSeenBefore time: Date) async throws -> Int

    /// Adds a token; false (and nothing written) when a token already has its name.
    func insertToken(_ token: APITokenRecord) async throws -> Bool
    /// Every token, oldest first.
    func tokens() async throws -> [APITokenRecord]
    func token(hash: String) async throws -> APITokenRecord?
    func touchToken(hash: String, at time: Date) async throws
    /// Deletes the token named `name`; false when there is none.
    func deleteToken(name: String) async throws -> Bool
}
