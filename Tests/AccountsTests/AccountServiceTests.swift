import Accounts
import BourseCore
import Foundation
import Storage
import TestSupport
import Testing

@Suite("Account service over a real database")
struct AccountServiceTests {
    @Test(arguments: DatabaseKind.allCases)
    func signInIsNotRequiredUntilAPasswordIsSet(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = harness.service()
        #expect(try await accounts.signInRequired() == false)
        await #expect(throws: SignInError.noAccount) {
            _ = try await accounts.signIn(name: "owner", password: "anything-at-all", client: "10.0.0.1")
        }
        try await accounts.setPassword("correct horse battery", name: "ada")
        #expect(try await accounts.signInRequired())
    }

    @Test(arguments: DatabaseKind.allCases)
    func theRightNameAndPasswordOpenASessionThatTheCookieSecretFinds(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = harness.service()
        try await accounts.setPassword("correct horse battery", name: "ada")
        let secret = try await accounts.signIn(name: "ada", password: "correct horse battery", client: "10.0.0.1")
        #expect(secret.count >= 43)
        #expect(try await accounts.session(secret)?.credential == .session)
        #expect(try await accounts.session(secret + "x") == nil)
        #expect(try await accounts.session("") == nil)
    }

    @Test(arguments: DatabaseKind.allCases)
    func aWrongNameAndAWrongPasswordFailTheSameWay(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = harness.service()
        try await accounts.setPassword("correct horse battery", name: "ada")
        await #expect(throws: SignInError.wrongCredentials) {
            _ = try await accounts.signIn(name: "ada", password: "wrong horse battery", client: "10.0.0.1")
        }
        await #expect(throws: SignInError.wrongCredentials) {
            _ = try await accounts.signIn(name: "eve", password: "correct horse battery", client: "10.0.0.1")
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func afterFiveFailuresInAMinuteAClientMustWaitOthersNeedNot(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = harness.service()
        try await accounts.setPassword("correct horse battery")
        for _ in 0..<5 {
            await #expect(throws: SignInError.wrongCredentials) {
                _ = try await accounts.signIn(name: "owner", password: "guess-guess", client: "10.0.0.9")
            }
            harness.clock.advance(seconds: 5)
        }
        // Even the right password waits: the throttle comes before the check.
        await #expect(throws: SignInError.throttled(retryAfter: 35)) {
            _ = try await accounts.signIn(name: "owner", password: "correct horse battery", client: "10.0.0.9")
        }
        // Another address is not held back.
        _ = try await accounts.signIn(name: "owner", password: "correct horse battery", client: "10.0.0.10")
        harness.clock.advance(seconds: 35)
        _ = try await accounts.signIn(name: "owner", password: "correct horse battery", client: "10.0.0.9")
    }

    @Test(arguments: DatabaseKind.allCases)
    func aSessionSurvivesARestartAndEndsAfterItsIdleTime(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = harness.service(idle: 600)
        try await accounts.setPassword("correct horse battery")
        let secret = try await accounts.signIn(name: "owner", password: "correct horse battery", client: "10.0.0.1")

        harness.clock.advance(seconds: 500)
        #expect(try await accounts.session(secret)?.credential == .session)  // used: the idle time starts again
        let restarted = try await harness.reopened(idle: 600)
        harness.clock.advance(seconds: 500)
        #expect(try await restarted.session(secret)?.credential == .session)
        harness.clock.advance(seconds: 601)
        #expect(try await restarted.session(secret) == nil)
        // Ended for good: gone from the database, not only from memory.
        #expect(try await harness.reopened(idle: 600).session(secret) == nil)
    }

    @Test(arguments: DatabaseKind.allCases)
    func signingOutEndsTheSession(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = harness.service()
        try await accounts.setPassword("correct horse battery")
        let secret = try await accounts.signIn(name: "owner", password: "correct horse battery", client: "10.0.0.1")
        try await accounts.signOut(secret)
        #expect(try await accounts.session(secret) == nil)
    }

    @Test(arguments: DatabaseKind.allCases)
    func aNewPasswordSignsEveryBrowserOutEvenInARunningServer(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let server = harness.service()
        try await server.setPassword("correct horse battery")
        let secret = try await server.signIn(name: "owner", password: "correct horse battery", client: "10.0.0.1")
        #expect(try await server.session(secret)?.credential == .session)

        // The command line changes it, through its own connection to the file.
        try await harness.reopened().setPassword("a brand new password")
        harness.clock.advance(seconds: 11)  // past the server's recheck interval
        #expect(try await server.session(secret) == nil)
        await #expect(throws: SignInError.wrongCredentials) {
            _ = try await server.signIn(name: "owner", password: "correct horse battery", client: "10.0.0.2")
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func passwordsFollowTheRule(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = harness.service()
        await #expect(throws: AccountError.self) { try await accounts.setPassword("short") }
        let tooLong = String(repeating: "é", count: 37)  // 74 bytes
        await #expect(throws: AccountError.self) { try await accounts.setPassword(tooLong) }
        await #expect(throws: AccountError.self) { try await accounts.setPassword("          ") }
        await #expect(throws: AccountError.self) { try await accounts.setPassword("correct horse battery", name: " ada") }
        #expect(try await accounts.signInRequired() == false)  // nothing was stored
        try await accounts.setPassword(String(repeating: "x", count: 72))
    }

    @Test(arguments: DatabaseKind.allCases)
    func tokensWorkUntilRevokedAndAreStoredOnlyAsHashes(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = harness.service()
        let token = try await accounts.createToken(name: "backup-script")
        #expect(token.hasPrefix("bourse_"))
        #expect(try await accounts.token(token)?.credential == .token(name: "backup-script"))
        #expect(try await accounts.token(token + "x") == nil)

        let listed = try await accounts.tokens()
        #expect(listed.map(\.name) == ["backup-script"])
        #expect(listed[0].tokenHash == Secrets.hash(token))
        #expect(listed[0].tokenHash != token)
        #expect(listed[0].lastUsedAt == harness.clock.date)

        await #expect(throws: AccountError.tokenNameTaken("backup-script")) {
            _ = try await accounts.createToken(name: "backup-script")
        }
        await #expect(throws: AccountError.badTokenName("has space")) { _ = try await accounts.createToken(name: "has space") }
        await #expect(throws: AccountError.badTokenName("")) { _ = try await accounts.createToken(name: "") }

        try await accounts.revokeToken(name: "backup-script")
        #expect(try await accounts.token(token) == nil)
        await #expect(throws: AccountError.noSuchToken("backup-script")) { try await accounts.revokeToken(name: "backup-script") }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aTokenRevokedFromTheCommandLineStopsWorkingInTheServerWithinTheRecheckInterval(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let server = harness.service()
        let token = try await server.createToken(name: "ci")
        #expect(try await server.token(token)?.credential == .token(name: "ci"))
        try await harness.reopened().revokeToken(name: "ci")
        harness.clock.advance(seconds: 11)
        #expect(try await server.token(token) == nil)
    }
}

@Suite("Secrets and the sign-in throttle")
struct SecretsTests {
    @Test func secretsAreLongRandomAndHashedToHex() {
        let secrets = Set((0..<100).map { _ in Secrets.make() })
        #expect(secrets.count == 100)
        #expect(secrets.allSatisfy { $0.count == 43 && !$0.contains("=") && !$0.contains("+") && !$0.contains("/") })
        #expect(Secrets.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func constantTimeEqualsIsEquality() {
        #expect(Secrets.constantTimeEquals("owner", "owner"))
        #expect(!Secrets.constantTimeEquals("owner", "owner2"))
        #expect(!Secrets.constantTimeEquals("owner", "ownex"))
        #expect(!Secrets.constantTimeEquals("", "a"))
        #expect(Secrets.constantTimeEquals("", ""))
    }

    @Test func theThrottleCountsAMovingMinuteAndForgetsTheOldestClientsFirst() {
        var throttle = SignInThrottle(limit: 2, window: 60, maximumClients: 2)
        let start = Date(timeIntervalSince1970: 0)
        throttle.recordFailure(client: "a", now: start)
        #expect(throttle.retryAfter(client: "a", now: start) == nil)
        throttle.recordFailure(client: "a", now: start.addingTimeInterval(30))
        #expect(throttle.retryAfter(client: "a", now: start.addingTimeInterval(31)) == 29)
        #expect(throttle.retryAfter(client: "a", now: start.addingTimeInterval(60)) == nil)
        throttle.recordFailure(client: "b", now: start.addingTimeInterval(61))
        throttle.recordFailure(client: "c", now: start.addingTimeInterval(62))
        throttle.recordFailure(client: "c", now: start.addingTimeInterval(62))
        #expect(throttle.retryAfter(client: "c", now: start.addingTimeInterval(63)) == 59)
        throttle.recordSuccess(client: "c")
        #expect(throttle.retryAfter(client: "c", now: start.addingTimeInterval(63)) == nil)
    }
}
