import Accounts
import BourseCore
import Foundation
import Storage
import TestSupport
import Testing

/// SPEC §14's accounts over a real database: invitations (one use, 7 days, a new link replaces
/// the old), names unique without regard to case, roles, removal that ends sessions and tokens
/// at once, and tokens that are each account's own.
@Suite("People: invitations, roles, removal")
struct PeopleTests {
    static let ownerPassword = "correct horse battery"
    static let annPassword = "ann's own long password"

    /// An owner with a password, so that people may be invited.
    static func owned(_ harness: AccountHarness) async throws -> AccountService {
        let accounts = harness.service()
        try await accounts.setPassword(ownerPassword, name: "ada")
        return accounts
    }

    @Test(arguments: DatabaseKind.allCases)
    func noOneIsInvitedUntilTheOwnersPasswordIsSet(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = harness.service()
        await #expect(throws: AccountError.ownerPasswordFirst) { _ = try await accounts.invite(name: "ann", role: .member) }
        #expect(try await accounts.invitations().isEmpty)
    }

    @Test(arguments: DatabaseKind.allCases)
    func anInvitationTakenMakesASignedInAccountAndCannotBeTakenAgain(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = try await Self.owned(harness)
        let (invitation, token) = try await accounts.invite(name: "Ann", role: .member)
        #expect(invitation.expiresAt == harness.clock.date.addingTimeInterval(7 * 24 * 3600))
        #expect(try await accounts.invitation(token: token)?.name == "Ann")
        #expect(try await accounts.invitations().map(\.name) == ["Ann"])

        let (identity, secret) = try await accounts.acceptInvitation(token: token, password: Self.annPassword)
        #expect(identity.name == "Ann" && identity.role == .member && identity.account != .owner)
        #expect(try await accounts.session(secret) == identity)
        #expect(try await accounts.invitations().isEmpty)
        #expect(try await accounts.people().map(\.name) == ["ada", "Ann"])
        await #expect(throws: AccountError.invitationNotValid) {
            _ = try await accounts.acceptInvitation(token: token, password: Self.annPassword)
        }
        // Ann signs in by her name, in any case.
        let again = try await accounts.signIn(name: "ann", password: Self.annPassword, client: "10.0.0.2")
        #expect(try await accounts.session(again)?.account == identity.account)
        await #expect(throws: SignInError.wrongCredentials) {
            _ = try await accounts.signIn(name: "Ann", password: Self.ownerPassword, client: "10.0.0.2")
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func aLinkExpiresAfterSevenDays(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = try await Self.owned(harness)
        let (_, token) = try await accounts.invite(name: "ann", role: .viewer)
        harness.clock.advance(seconds: 7 * 24 * 3600 - 1)
        #expect(try await accounts.invitation(token: token) != nil)
        harness.clock.advance(seconds: 1)
        #expect(try await accounts.invitation(token: token) == nil)
        #expect(try await accounts.invitations().isEmpty)
        await #expect(throws: AccountError.invitationNotValid) {
            _ = try await accounts.acceptInvitation(token: token, password: Self.annPassword)
        }
        #expect(try await accounts.people().count == 1)
    }

    @Test(arguments: DatabaseKind.allCases)
    func aNewInvitationForTheSameNameReplacesTheLinkBefore(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = try await Self.owned(harness)
        let (_, first) = try await accounts.invite(name: "ann", role: .viewer)
        let (_, second) = try await accounts.invite(name: "ANN", role: .member)
        #expect(try await accounts.invitation(token: first) == nil)
        #expect(try await accounts.invitation(token: second)?.role == .member)
        #expect(try await accounts.invitations().count == 1)
    }

    @Test(arguments: DatabaseKind.allCases)
    func aNameIsOnePersonsWithoutRegardToCase(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = try await Self.owned(harness)
        await #expect(throws: AccountError.nameTaken("ADA")) { _ = try await accounts.invite(name: "ADA", role: .member) }
        let (_, token) = try await accounts.invite(name: "ann", role: .member)
        _ = try await accounts.acceptInvitation(token: token, password: Self.annPassword)
        await #expect(throws: AccountError.nameTaken("Ann")) { _ = try await accounts.invite(name: "Ann", role: .viewer) }
        // Nor may the owner take a member's name.
        await #expect(throws: AccountError.nameTaken("ann")) { try await accounts.setPassword(Self.ownerPassword, name: "ann") }
        #expect(try await accounts.people().map(\.name) == ["ada", "ann"])
    }

    @Test(arguments: DatabaseKind.allCases)
    func aBadPasswordOrNameWritesNothing(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = try await Self.owned(harness)
        await #expect(throws: AccountError.self) { _ = try await accounts.invite(name: " ann", role: .member) }
        await #expect(throws: AccountError.ownerIsFixed) { _ = try await accounts.invite(name: "ann", role: .owner) }
        let (_, token) = try await accounts.invite(name: "ann", role: .member)
        await #expect(throws: AccountError.weakPassword("at least 8 characters")) {
            _ = try await accounts.acceptInvitation(token: token, password: "short")
        }
        // The link still works: nothing was taken.
        #expect(try await accounts.invitation(token: token) != nil)
        #expect(try await accounts.people().count == 1)
    }

    @Test(arguments: DatabaseKind.allCases)
    func aNewRoleTakesEffectAtOnceAndTheOwnerStaysTheOwner(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = try await Self.owned(harness)
        let (_, token) = try await accounts.invite(name: "ann", role: .member)
        let (_, secret) = try await accounts.acceptInvitation(token: token, password: Self.annPassword)
        let annToken = try await accounts.createToken(name: "script", for: try #require(await accounts.session(secret)).account)
        #expect(try await accounts.token(annToken)?.role == .member)

        #expect(try await accounts.setRole(of: "ANN", to: .viewer).role == .viewer)
        #expect(try await accounts.session(secret)?.role == .viewer)
        #expect(try await accounts.token(annToken)?.role == .viewer)
        await #expect(throws: AccountError.ownerIsFixed) { _ = try await accounts.setRole(of: "ada", to: .viewer) }
        await #expect(throws: AccountError.ownerIsFixed) { _ = try await accounts.setRole(of: "ann", to: .owner) }
        await #expect(throws: AccountError.noSuchAccount("bob")) { _ = try await accounts.setRole(of: "bob", to: .viewer) }
    }

    @Test(arguments: DatabaseKind.allCases)
    func removingSomeoneEndsTheirSessionsAndTokensAtOnce(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = try await Self.owned(harness)
        let (_, token) = try await accounts.invite(name: "ann", role: .member)
        let (ann, secret) = try await accounts.acceptInvitation(token: token, password: Self.annPassword)
        let annToken = try await accounts.createToken(name: "script", for: ann.account)
        let owners = try await accounts.signIn(name: "ada", password: Self.ownerPassword, client: "10.0.0.1")
        #expect(try await accounts.session(secret) != nil)
        #expect(try await accounts.token(annToken) != nil)

        try await accounts.remove(name: "ann")
        #expect(try await accounts.session(secret) == nil)
        #expect(try await accounts.token(annToken) == nil)
        #expect(try await accounts.people().map(\.name) == ["ada"])
        #expect(try await accounts.session(owners)?.name == "ada")
        await #expect(throws: SignInError.wrongCredentials) {
            _ = try await accounts.signIn(name: "ann", password: Self.annPassword, client: "10.0.0.2")
        }
        await #expect(throws: AccountError.ownerIsFixed) { try await accounts.remove(name: "ada") }
        await #expect(throws: AccountError.noSuchAccount("ann")) { try await accounts.remove(name: "ann") }
    }

    /// The command line removes someone from another process: the server's memory of their
    /// session lasts at most its recheck interval.
    @Test(arguments: DatabaseKind.allCases)
    func aRemovalFromTheCommandLineReachesTheServerWithinTheRecheckInterval(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let server = try await Self.owned(harness)
        let (_, token) = try await server.invite(name: "ann", role: .member)
        let (_, secret) = try await server.acceptInvitation(token: token, password: Self.annPassword)
        #expect(try await server.session(secret) != nil)
        try await harness.reopened().remove(name: "ann")
        harness.clock.advance(seconds: server.settings.recheckInterval)
        #expect(try await server.session(secret) == nil)
    }

    @Test(arguments: DatabaseKind.allCases)
    func removingANameNoOneHasYetWithdrawsItsInvitation(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = try await Self.owned(harness)
        let (_, token) = try await accounts.invite(name: "ann", role: .member)
        try await accounts.remove(name: "Ann")
        #expect(try await accounts.invitation(token: token) == nil)
    }

    @Test(arguments: DatabaseKind.allCases)
    func tokensAreEachAccountsOwn(kind: DatabaseKind) async throws {
        let harness = try await AccountHarness(kind)
        defer { Task { await harness.database.close() } }
        let accounts = try await Self.owned(harness)
        let (_, token) = try await accounts.invite(name: "ann", role: .member)
        let (ann, _) = try await accounts.acceptInvitation(token: token, password: Self.annPassword)
        let owners = try await accounts.createToken(name: "ci")
        let anns = try await accounts.createToken(name: "ci", for: ann.account)  // the same name, another account
        #expect(try await accounts.token(owners)?.account == .owner)
        #expect(try await accounts.token(anns)?.account == ann.account)
        #expect(try await accounts.tokens(of: ann.account).map(\.name) == ["ci"])
        try await accounts.revokeToken(name: "ci", of: ann.account)
        #expect(try await accounts.token(anns) == nil)
        #expect(try await accounts.token(owners)?.name == "ada")
    }
}
