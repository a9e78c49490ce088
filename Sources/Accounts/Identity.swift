import BourseCore

/// Who a request is from, once its session cookie or API token checked out: the account, its
/// name and role as they are now, and how it signed in.
public struct Identity: Sendable, Equatable {
    /// How the request proved who it is.
    public enum Credential: Sendable, Equatable {
        /// Signed in in a browser (a session cookie).
        case session
        /// A script with the account's API token of this name.
        case token(name: String)
    }

    public let account: AccountID
    public let name: String
    public let role: Role
    public let credential: Credential

    public init(account: AccountID, name: String, role: Role, credential: Credential) {
        self.account = account
        self.name = name
        self.role = role
        self.credential = credential
    }

    public var isSession: Bool { credential == .session }
}
