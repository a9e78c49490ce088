import BourseCore
import Foundation
import Synchronization

/// The accounts as the server uses them: sign-in (throttled), sessions, API tokens, whether
/// sign-in is required at all (once the owner's password is set), and the owner's people:
/// invitations, roles and removal (SPEC §14).
///
/// The store (the database) is the truth, shared with the command line; what the server read
/// of it is kept in memory for `recheckInterval` (10 s), so checking a session costs a
/// dictionary lookup under a lock, and a token revoked or a password changed from the command line takes
/// effect within that interval. A session's last use is written back at most once a minute.
public final class AccountService: Sendable {
    public struct Settings: Sendable {
        /// A session unused this long is over (the default: 14 days).
        public var sessionIdleTimeout: TimeInterval = 14 * 24 * 3600
        public var recheckInterval: TimeInterval = 10
        public var touchInterval: TimeInterval = 60
        public var throttle = SignInThrottle()
        /// How long an invitation's link may be taken (7 days).
        public var invitationLifetime: TimeInterval = 7 * 24 * 3600

        public init(sessionIdleTimeout: TimeInterval = 14 * 24 * 3600) {
            self.sessionIdleTimeout = sessionIdleTimeout
        }
    }

    private struct Cached<Value: Sendable>: Sendable {
        var value: Value
        /// When the store was last asked.
        var checkedAt: Date
        /// The last use the store has (sessions and tokens), and the last use seen here.
        var storedUse: Date?
        var lastUse: Date?
    }

    private struct State: Sendable {
        var throttle: SignInThrottle
        var accounts: [AccountID: Cached<AccountRecord?>] = [:]
        var sessions: [String: Cached<SessionRecord>] = [:]
        var tokens: [String: Cached<APITokenRecord>] = [:]
    }

    /// Credentials kept in memory at most; past it the cache starts over (the store has them all).
    private static let cacheLimit = 10_000

    public let settings: Settings
    private let store: any AccountStore
    private let hasher: PasswordHasher
    private let now: @Sendable () -> Date
    private let state: Mutex<State>

    public init(
        store: any AccountStore, hasher: PasswordHasher = PasswordHasher(), settings: Settings = Settings(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.hasher = hasher
        self.settings = settings
        self.now = now
        state = Mutex(State(throttle: settings.throttle))
    }

    // MARK: The owner

    /// Whether the app asks for sign-in: once an owner's password is set.
    public func signInRequired() async throws(AccountError) -> Bool {
        try await account(.owner)?.passwordHash != nil
    }

    /// Sets (or changes) the owner's name and password; every browser of the owner's is signed out.
    public func setPassword(_ password: String, name: String = "owner") async throws(AccountError) {
        try PasswordRule.checkName(name)
        try PasswordRule.check(password)
        let hash = await hasher.hash(password)
        let time = now()
        guard try await storing({ try await store.setOwner(name: name, passwordHash: hash, at: time) }) else {
            throw .nameTaken(name)
        }
        forget(.owner, sessions: true, tokens: false)
    }

    // MARK: Sessions

    /// A new session for the account of `name` when `password` is theirs: the cookie's secret.
    /// At most `throttle.limit` failures a minute from one `client`; a wrong
    /// name and a wrong password take the same time and give the same error.
    public func signIn(name: String, password: String, client: String) async throws(SignInError) -> String {
        let time = now()
        if let wait = state.withLock({ $0.throttle.retryAfter(client: client, now: time) }) {
            throw .throttled(retryAfter: wait)
        }
        let account: AccountRecord?
        let ownerHash: String?
        do {
            ownerHash = try await store.owner().passwordHash
            account = try await store.account(named: name)
        } catch { throw .storage("\(error)") }
        guard let ownerHash else { throw .noAccount }
        // An unknown name is checked against the owner's hash all the same, so that it takes as long.
        let rightPassword = await hasher.verify(password, hash: account?.passwordHash ?? ownerHash)
        guard let account, rightPassword else {
            state.withLock { $0.throttle.recordFailure(client: client, now: time) }
            throw .wrongCredentials
        }
        let secret = Secrets.make()
        let session = SessionRecord(idHash: Secrets.hash(secret), account: account.id, createdAt: time, lastSeenAt: time)
        do { try await store.insertSession(session) } catch { throw .storage("\(error)") }
        state.withLock {
            $0.throttle.recordSuccess(client: client)
            $0.accounts[account.id] = Cached(value: account, checkedAt: time)
            Self.remember(session, as: secret, use: time, in: &$0.sessions, at: time)
        }
        return secret
    }

    /// Who `secret` (a session cookie) signs in, when it is a live session; notes its use.
    public func session(_ secret: String) async throws(AccountError) -> Identity? {
        let time = now()
        // The common case, in one lock: known, checked lately, in use, its use written lately.
        let settings = settings
        let known = state.withLock { state -> AccountID? in
            guard var cached = state.sessions[secret], time.timeIntervalSince(cached.checkedAt) < settings.recheckInterval,
                time.timeIntervalSince(cached.lastUse ?? cached.value.lastSeenAt) <= settings.sessionIdleTimeout,
                time.timeIntervalSince(cached.storedUse ?? .distantPast) < settings.touchInterval
            else { return nil }
            cached.lastUse = time
            state.sessions[secret] = cached
            return cached.value.account
        }
        if let known { return try await identity(of: known, .session) }
        let hash = Secrets.hash(secret)
        let cached = state.withLock { $0.sessions[secret] }
        var record: Cached<SessionRecord>
        if let cached, time.timeIntervalSince(cached.checkedAt) < settings.recheckInterval {
            record = cached
        } else {
            guard let stored = try await storing({ try await store.session(idHash: hash) }) else {
                state.withLock { $0.sessions[secret] = nil }
                return nil
            }
            record = Cached(
                value: stored, checkedAt: time, storedUse: stored.lastSeenAt,
                lastUse: max(stored.lastSeenAt, cached?.lastUse ?? .distantPast))
        }
        guard time.timeIntervalSince(record.lastUse ?? record.value.lastSeenAt) <= settings.sessionIdleTimeout else {
            try await storing { try await store.deleteSession(idHash: hash) }
            state.withLock { $0.sessions[secret] = nil }
            return nil
        }
        record.lastUse = time
        if time.timeIntervalSince(record.storedUse ?? .distantPast) >= settings.touchInterval {
            try await storing { try await store.touchSession(idHash: hash, at: time) }
            record.storedUse = time
        }
        let updated = record
        state.withLock { Self.store(updated, as: secret, in: &$0.sessions) }
        return try await identity(of: record.value.account, .session)
    }

    public func signOut(_ secret: String) async throws(AccountError) {
        let hash = Secrets.hash(secret)
        try await storing { try await store.deleteSession(idHash: hash) }
        state.withLock { $0.sessions[secret] = nil }
    }

    /// Deletes the sessions idle past the timeout (at start-up); how many.
    @discardableResult
    public func endIdleSessions() async throws(AccountError) -> Int {
        let cutoff = now().addingTimeInterval(-settings.sessionIdleTimeout)
        return try await storing { try await store.deleteSessions(lastSeenBefore: cutoff) }
    }

    // MARK: API tokens

    /// A new token named `name` for `account`, returned once: only its hash is kept.
    public func createToken(name: String, for account: AccountID = .owner) async throws(AccountError) -> String {
        try Self.checkTokenName(name)
        let token = Secrets.make(prefix: "bourse_")
        let record = APITokenRecord(account: account, name: name, tokenHash: Secrets.hash(token), createdAt: now())
        guard try await storing({ try await store.insertToken(record) }) else { throw .tokenNameTaken(name) }
        return token
    }

    public func tokens(of account: AccountID = .owner) async throws(AccountError) -> [APITokenRecord] {
        try await storing { try await store.tokens(of: account) }
    }

    public func revokeToken(name: String, of account: AccountID = .owner) async throws(AccountError) {
        guard try await storing({ try await store.deleteToken(name: name, of: account) }) else { throw .noSuchToken(name) }
        state.withLock {
            $0.tokens = $0.tokens.filter { !($0.value.value.name == name && $0.value.value.account == account) }
        }
    }

    /// Who `token` (from `Authorization: Bearer`) is, or nil when no token is it.
    public func token(_ token: String) async throws(AccountError) -> Identity? {
        let time = now()
        let settings = settings
        let known = state.withLock { state -> APITokenRecord? in
            guard let cached = state.tokens[token], time.timeIntervalSince(cached.checkedAt) < settings.recheckInterval,
                time.timeIntervalSince(cached.storedUse ?? .distantPast) < settings.touchInterval
            else { return nil }
            return cached.value
        }
        if let known { return try await identity(of: known.account, .token(name: known.name)) }
        let hash = Secrets.hash(token)
        let cached = state.withLock { $0.tokens[token] }
        var record: Cached<APITokenRecord>
        if let cached, time.timeIntervalSince(cached.checkedAt) < settings.recheckInterval {
            record = cached
        } else {
            guard let stored = try await storing({ try await store.token(hash: hash) }) else {
                state.withLock { $0.tokens[token] = nil }
                return nil
            }
            record = Cached(value: stored, checkedAt: time, storedUse: stored.lastUsedAt, lastUse: stored.lastUsedAt)
        }
        if time.timeIntervalSince(record.storedUse ?? .distantPast) >= settings.touchInterval {
            try await storing { try await store.touchToken(hash: hash, at: time) }
            record.storedUse = time
        }
        let updated = record
        state.withLock { Self.store(updated, as: token, in: &$0.tokens) }
        return try await identity(of: record.value.account, .token(name: record.value.name))
    }

    /// 1 to 64 of `A-Z a-z 0-9 . _ -`.
    static func checkTokenName(_ name: String) throws(AccountError) {
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
        }
        guard !name.isEmpty, name.count <= 64, allowed else { throw .badTokenName(name) }
    }

    // MARK: People

    /// Every account, the owner first.
    public func people() async throws(AccountError) -> [AccountRecord] {
        try await storing { try await store.accounts() }
    }

    /// The account of `name` (any case), if there is one.
    public func person(named name: String) async throws(AccountError) -> AccountRecord? {
        try await storing { try await store.account(named: name) }
    }

    /// Invites `name` as a member or viewer: the invitation and its link's token, returned once
    /// (only its hash is kept). A new invitation for a name replaces the one before.
    public func invite(name: String, role: Role) async throws(AccountError) -> (InvitationRecord, String) {
        guard role != .owner else { throw .ownerIsFixed }
        try PasswordRule.checkName(name)
        guard try await signInRequired() else { throw .ownerPasswordFirst }
        let time = now()
        let token = Secrets.make()
        let invitation = InvitationRecord(
            tokenHash: Secrets.hash(token), name: name, role: role, createdAt: time,
            expiresAt: time.addingTimeInterval(settings.invitationLifetime))
        guard try await storing({ try await store.insertInvitation(invitation) }) else { throw .nameTaken(name) }
        return (invitation, token)
    }

    /// The invitations not yet taken nor expired, oldest first.
    public func invitations() async throws(AccountError) -> [InvitationRecord] {
        let time = now()
        return try await storing { try await store.invitations(at: time) }
    }

    /// The invitation a link's token stands for, while it may be taken.
    public func invitation(token: String) async throws(AccountError) -> InvitationRecord? {
        let time = now()
        return try await storing { try await store.invitation(tokenHash: Secrets.hash(token), at: time) }
    }

    /// Takes an invitation with the password chosen: the new account, signed in (its identity
    /// and session secret).
    public func acceptInvitation(token: String, password: String) async throws(AccountError) -> (Identity, String) {
        try PasswordRule.check(password)
        guard try await invitation(token: token) != nil else { throw .invitationNotValid }
        let hash = await hasher.hash(password)
        let time = now()
        let secret = Secrets.make()
        let result = try await storing {
            try await store.acceptInvitation(
                tokenHash: Secrets.hash(token), passwordHash: hash, sessionHash: Secrets.hash(secret), at: time)
        }
        switch result {
        case .success(let account):
            state.withLock { $0.accounts[account.id] = Cached(value: account, checkedAt: time) }
            return (Self.identity(account, .session), secret)
        case .failure(.notValid): throw .invitationNotValid
        case .failure(.nameTaken(let name)): throw .nameTaken(name)
        }
    }

    /// Gives `name` another role (member or viewer), at once for their sessions and tokens.
    public func setRole(of name: String, to role: Role) async throws(AccountError) -> AccountRecord {
        guard role != .owner else { throw .ownerIsFixed }
        guard var account = try await person(named: name) else { throw .noSuchAccount(name) }
        guard account.id != .owner else { throw .ownerIsFixed }
        let time = now()
        guard try await storing({ try await store.setRole(role, of: account.id, at: time) }) else {
            throw .noSuchAccount(name)
        }
        account.role = role
        account.changedAt = time
        forget(account.id, sessions: false, tokens: false)
        return account
    }

    /// Removes `name`: their account, sessions, tokens and personal data, at once; or, when no
    /// account has the name, the invitation for it.
    public func remove(name: String) async throws(AccountError) {
        guard let account = try await person(named: name) else {
            guard try await storing({ try await store.deleteInvitation(named: name) }) else { throw .noSuchAccount(name) }
            return
        }
        guard account.id != .owner else { throw .ownerIsFixed }
        guard try await storing({ try await store.deleteAccount(account.id) }) else { throw .noSuchAccount(name) }
        forget(account.id, sessions: true, tokens: true)
    }

    // MARK: Helpers

    /// The account's identity as it is now (cached for `recheckInterval`); nil once it is gone.
    private func identity(of id: AccountID, _ credential: Identity.Credential) async throws(AccountError) -> Identity? {
        guard let account = try await account(id) else {
            forget(id, sessions: true, tokens: true)
            return nil
        }
        return Self.identity(account, credential)
    }

    private func account(_ id: AccountID) async throws(AccountError) -> AccountRecord? {
        let time = now()
        if let cached = state.withLock({ $0.accounts[id] }), time.timeIntervalSince(cached.checkedAt) < settings.recheckInterval {
            return cached.value
        }
        let account = try await storing { try await store.account(id: id) }
        state.withLock {
            if $0.accounts.count >= Self.cacheLimit { $0.accounts = [:] }
            $0.accounts[id] = Cached(value: account, checkedAt: time)
        }
        return account
    }

    /// Drops what this process remembers of an account, so that a change takes effect at once.
    private func forget(_ id: AccountID, sessions: Bool, tokens: Bool) {
        state.withLock {
            $0.accounts[id] = nil
            if sessions { $0.sessions = $0.sessions.filter { $0.value.value.account != id } }
            if tokens { $0.tokens = $0.tokens.filter { $0.value.value.account != id } }
        }
    }

    private static func identity(_ account: AccountRecord, _ credential: Identity.Credential) -> Identity {
        Identity(account: account.id, name: account.name, role: account.role, credential: credential)
    }

    private func storing<T>(_ body: () async throws -> T) async throws(AccountError) -> T {
        do { return try await body() } catch { throw .storage("\(error)") }
    }

    private static func remember(
        _ session: SessionRecord, as secret: String, use: Date, in cache: inout [String: Cached<SessionRecord>], at time: Date
    ) {
        store(Cached(value: session, checkedAt: time, storedUse: use, lastUse: use), as: secret, in: &cache)
    }

    /// Keyed by the secret itself (it never leaves this memory), so a hit needs no hash.
    private static func store<Value>(_ value: Cached<Value>, as secret: String, in cache: inout [String: Cached<Value>]) {
        if cache.count >= cacheLimit && cache[secret] == nil { cache = [:] }
        cache[secret] = value
    }
}
