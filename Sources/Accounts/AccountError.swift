/// Why an account operation was refused.
public enum AccountError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The password does not follow `PasswordRule`: what it must be.
    case weakPassword(String)
    case badName(String)
    /// A token name that is empty, too long or not `[A-Za-z0-9._-]`.
    case badTokenName(String)
    case tokenNameTaken(String)
    case noSuchToken(String)
    /// No account (nor invitation, where one is meant) has this name.
    case noSuchAccount(String)
    /// An account has this name already.
    case nameTaken(String)
    /// The owner's account cannot be removed, nor its role changed; and no one else is made owner.
    case ownerIsFixed
    /// The owner's password must be set before anyone is invited (else the app is open to all).
    case ownerPasswordFirst
    /// The invitation's link was never made, was taken already, was withdrawn or has expired.
    case invitationNotValid
    /// The store failed (the database).
    case storage(String)

    public var description: String {
        switch self {
        case .weakPassword(let rule): "the password must be \(rule)"
        case .badName(let rule): "the name must be \(rule)"
        case .badTokenName(let name): "“\(name.prefix(64))” is not a token name: use 1 to 64 letters, digits, “.”, “_” or “-”"
        case .tokenNameTaken(let name): "a token named \(name) exists already; revoke it first or choose another name"
        case .noSuchToken(let name): "no token is named \(name.prefix(64))"
        case .noSuchAccount(let name): "no one is named \(name.prefix(64))"
        case .nameTaken(let name): "someone is named \(name.prefix(64)) already; choose another name"
        case .ownerIsFixed: "the owner stays the owner: their account cannot be removed or given another role"
        case .ownerPasswordFirst: "set the owner's password first (bourse password): until then the app is open to anyone"
        case .invitationNotValid:
            "this invitation is not valid: it has been used, withdrawn or has expired; ask for a new one"
        case .storage(let reason): reason
        }
    }
}

/// Why a sign-in failed. Deliberately vague to the client: a wrong name and a wrong password
/// are the same failure.
public enum SignInError: Error, Sendable, Equatable {
    case wrongCredentials
    /// Too many failures from this client lately: try again after this many seconds.
    case throttled(retryAfter: Int)
    /// No password is set, so there is nothing to sign in to.
    case noAccount
    case storage(String)
}
