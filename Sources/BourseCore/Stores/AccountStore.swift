import Foundation

/// What an account may do (SPEC §14). The owner is the first account and the only one with
/// `owner`; members keep their own data; viewers only read what is shared.
public enum Role: String, Sendable, Equatable, CaseIterable, Codable {
    case owner
    case member
    case viewer

    /// Whether the role may change anything at all (a viewer's every change is a 403).
    public var mayChange: Bool {
        switch self {
        case .owner, .member: true
        case .viewer: false
        }
    }

    /// Whether the role manages people (invitations, roles, removal).
    public var managesPeople: Bool {
        switch self {
        case .owner: true
        case .member, .viewer: false
        }
    }
}

/// An account's number in the store. The owner's is always 1: the data of a server from before
/// accounts (one person) is the owner's.
public struct AccountID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    public static let owner = AccountID(1)

    public static func < (lhs: AccountID, rhs: AccountID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "\(rawValue)" }
}

/// A person who may use the app: a name, a role, and a bcrypt hash of their password. The
/// owner's account always exists; until its password is set (`passwordHash` nil) the app asks
/// no one to sign in.
public struct AccountRecord: Sendable, Equatable {
    public let id: AccountID
    public var name: String
    public var role: Role
    /// The password's bcrypt hash (`$2b$…`); the password itself is never stored.
    public var passwordHash: String?
    public let createdAt: Date
    public var changedAt: Date

    public init(id: AccountID, name: String, role: Role, passwordHash: String?, createdAt: Date, changedAt: Date) {
        self.id = id
        self.name = name
        self.role = role
        self.passwordHash = passwordHash
        self.createdAt = createdAt
        self.changedAt = changedAt
    }
}

/// An invitation not yet taken: a one-time link for `name`, valid until `expiresAt`. The store
/// keeps the SHA-256 of the link's token, never the token.
public struct InvitationRecord: Sendable, Equatable {
    public let tokenHash: String
    public let name: String
    public let role: Role
    public let createdAt: Date
    public let expiresAt: Date

    public init(tokenHash: String, name: String, role: Role, createdAt: Date, expiresAt: Date) {
        self.tokenHash = tokenHash
        self.name = name
        self.role = role
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// Why an invitation could not be taken, as the store sees it.
public enum InvitationRefusal: Error, Sendable, Equatable {
    /// No invitation has this token (never made, taken already, or withdrawn), or it expired.
    case notValid
    /// An account has the invited name by now.
    case nameTaken(String)
}

/// A signed-in browser. The store keeps the SHA-256 of the cookie's secret, never the secret.
public struct SessionRecord: Sendable, Equatable {
    public let idHash: String
    public let account: AccountID
    public let createdAt: Date
    public var lastSeenAt: Date

    public init(idHash: String, account: AccountID, createdAt: Date, lastSeenAt: Date) {
        self.idHash = idHash
        self.account = account
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}

/// A named API token for scripts. The store keeps the SHA-256 of the token, never the token.
public struct APITokenRecord: Sendable, Equatable {
    public let account: AccountID
    public let name: String
    public let tokenHash: String
    public let createdAt: Date
    public var lastUsedAt: Date?

    public init(account: AccountID, name: String, tokenHash: String, createdAt: Date, lastUsedAt: Date? = nil) {
        self.account = account
        self.name = name
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// Where the accounts, invitations, sessions and API tokens are kept: the database in the app
/// (sessions survive a restart), and read directly by the command line.
public protocol AccountStore: Sendable {
    // MARK: Accounts

    /// The owner's account (always there: the store makes it, with no password, when it is new).
    func owner() async throws -> AccountRecord
    func account(id: AccountID) async throws -> AccountRecord?
    /// The account of this name, compared without regard to case.
    func account(named name: String) async throws -> AccountRecord?
    /// Every account, the owner first, then by name.
    func accounts() async throws -> [AccountRecord]
    /// Sets the owner's name and password hash and ends the owner's sessions, in one
    /// transaction: a new password signs every browser of the owner's out. False when another
    /// account has the name.
    func setOwner(name: String, passwordHash: String, at time: Date) async throws -> Bool
    /// Changes an account's role (never the owner's); false when no such account.
    func setRole(_ role: Role, of account: AccountID, at time: Date) async throws -> Bool
    /// Deletes an account (never the owner's) with its sessions, tokens and personal data, in one
    /// transaction; false when no such account.
    func deleteAccount(_ account: AccountID) async throws -> Bool

    // MARK: Invitations

    /// Keeps an invitation, in place of any earlier one for the same name (a lost link is
    /// replaced by a new one). False when an account has the name already.
    func insertInvitation(_ invitation: InvitationRecord) async throws -> Bool
    /// The invitations not yet taken nor expired at `time`, oldest first.
    func invitations(at time: Date) async throws -> [InvitationRecord]
    func invitation(tokenHash: String, at time: Date) async throws -> InvitationRecord?
    /// Withdraws the invitation for `name`; false when there is none.
    func deleteInvitation(named name: String) async throws -> Bool
    /// Takes an invitation, in one transaction: makes its account with this password hash,
    /// deletes the invitation and starts a session (its secret's hash) for the new account.
    func acceptInvitation(
        tokenHash: String, passwordHash: String, sessionHash: String, at time: Date
    ) async throws -> Result<AccountRecord, InvitationRefusal>

    // MARK: Sessions

    func insertSession(_ session: SessionRecord) async throws
    func session(idHash: String) async throws -> SessionRecord?
    func touchSession(idHash: String, at time: Date) async throws
    func deleteSession(idHash: String) async throws
    /// Deletes the sessions last seen before `time`; how many.
    @discardableResult func deleteSessions(lastSeenBefore time: Date) async throws -> Int

    // MARK: API tokens

    /// Adds a token; false (and nothing written) when the account has a token of that name.
    func insertToken(_ token: APITokenRecord) async throws -> Bool
    /// The account's tokens, oldest first.
    func tokens(of account: AccountID) async throws -> [APITokenRecord]
    func token(hash: String) async throws -> APITokenRecord?
    func touchToken(hash: String, at time: Date) async throws
    /// Deletes the account's token named `name`; false when there is none.
    func deleteToken(name: String, of account: AccountID) async throws -> Bool
}
