import BourseCore
import Foundation
import Synchronization

/// The owner's account as the server uses it: sign-in (throttled), sessions, API tokens and
/// whether sign-in is required at all (once a password is set).
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
        var owner: Cached<OwnerAccount?>?
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
        try await currentOwner() != nil
    }

    /// Sets (or changes) the owner's name and password; every session ends.
    public func setPassword(_ password: String, name: String = "owner") async throws(AccountError) {
        try PasswordRule.checkName(name)
        try PasswordRule.check(password)
        let hash = await hasher.hash(password)
        try await storing { try await store.replaceOwner(OwnerAccount(name: name, passwordHash: hash, changedAt: now())) }
        state.withLock {
            $0.owner = nil
            $0.sessions = [:]
        }
    }

    // MARK: Sessions

    /// A new session for the owner when `name` and `password` are theirs; its cookie secret.
    /// At most `throttle.limit` failures a minute from one `client`; a wrong name and a wrong
    /// password take the same time and give the same error.
    public func signIn(name: String, password: String, client: String) async throws(SignInError) -> String {
        let time = now()
        if let wait = state.withLock({ $0.throttle.retryAfter(client: client, now: time) }) {
            throw .throttled(retryAfter: wait)
        }
        let owner: OwnerAccount?
        do { owner = try await store.owner() } catch { throw .storage("\(error)") }
        guard let owner else { throw .noAccount }
        let rightName = Secrets.constantTimeEquals(name, owner.name)
        let rightPassword = await hasher.verify(password, hash: owner.passwordHash)
        guard rightName && rightPassword else {
            state.withLock { $0.throttle.recordFailure(client: client, now: time) }
            throw .wrongCredentials
        }
        let secret = Secrets.make()
        let session = SessionRecord(idHash: Secrets.hash(secret), createdAt: time, lastSeenAt: time)
        do { try await store.insertSession(session) } catch { throw .storage("\(error)") }
        state.withLock {
            $0.throttle.recordSuccess(client: client)
            Self.remember(session, as: secret, use: time, in: &$0.sessions, at: time)
        }
        return secret
    }

    /// Whether `secret` (a session cookie) is a live session; notes its use.
    public func session(_ secret: String) async throws(AccountError) -> Identity? {
        let time = now()
        // The common case, in one lock: known, checked lately, in use, its use written lately.
        let settings = settings
        let known = state.withLock { state -> Bool in
            guard var cached = state.sessions[secret], time.timeIntervalSince(cached.checkedAt) < settings.recheckInterval,
                time.timeIntervalSince(cached.lastUse ?? cached.value.lastSeenAt) <= settings.sessionIdleTimeout,
                time.timeIntervalSince(cached.storedUse ?? .distantPast) < settings.touchInterval
            else { return false }
            cached.lastUse = time
            state.sessions[secret] = cached
            return true
        }
        if known { return .session }
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
        return .session
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

    /// A new token named `name`, returned once: only its hash is kept.
    public func createToken(name: String) async throws(AccountError) -> String {
        try Self.checkTokenName(name)
        let token = Secrets.make(prefix: "bourse_")
        let record = APITokenRecord(name: name, tokenHash: Secrets.hash(token), createdAt: now())
        guard try await storing({ try await store.insertToken(record) }) else { throw .tokenNameTaken(name) }
        return token
    }

    public func tokens() async throws(AccountError) -> [APITokenRecord] {
        try await storing { try await store.tokens() }
    }

    public func revokeToken(name: String) async throws(AccountError) {
        guard try await storing({ try await store.deleteToken(name: name) }) else { throw .noSuchToken(name) }
        state.withLock { $0.tokens = $0.tokens.filter { $0.value.value.name != name } }
    }

    /// The identity of `token` (from `Authorization: Bearer`), or nil when no token is it.
    public func token(_ token: String) async throws(AccountError) -> Identity? {
        let time = now()
        let settings = settings
        let known = state.withLock { state -> String? in
            guard let cached = state.tokens[token], time.timeIntervalSince(cached.checkedAt) < settings.recheckInterval,
                time.timeIntervalSince(cached.storedUse ?? .distantPast) < settings.touchInterval
            else { return nil }
            return cached.value.name
        }
        if let known { return .token(name: known) }
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
        return .token(name: record.value.name)
    }

    /// 1 to 64 of `A-Z a-z 0-9 . _ -`.
    static func checkTokenName(_ name: String) throws(AccountError) {
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
        }
        guard !name.isEmpty, name.count <= 64, allowed else { throw .badTokenName(name) }
    }

    // MARK: Helpers

    private func currentOwner() async throws(AccountError) -> OwnerAccount? {
        let time = now()
        if let cached = state.withLock({ $0.owner }), time.timeIntervalSince(cached.checkedAt) < settings.recheckInterval {
            return cached.value
        }
        let owner = try await storing { try await store.owner() }
        state.withLock { $0.owner = Cached(value: owner, checkedAt: time) }
        return owner
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
