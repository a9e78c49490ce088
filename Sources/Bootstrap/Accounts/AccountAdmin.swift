import Accounts
import BourseCore
import Foundation
import Storage

/// The account commands (`bourse password`, `bourse token …`): they work on the database
/// file directly, like `bourse orders`, so they need no token and work with the server stopped
/// or running (a running server sees a change within 10 seconds).
public enum AccountAdmin {
    /// `bourse password`: sets or changes the owner's password (and name); signs every browser out.
    public static func setPassword(
        database: DatabaseLocation, name: String, password: String
    ) async -> Result<
        String, CommandFailure
    > {
        await withAccounts(database, creating: true) { accounts in
            try await accounts.setPassword(password, name: name)
            return "The password for \(name) is set. Every browser signed in before must sign in again."
        }
    }

    /// `bourse token create NAME [--user PERSON]`: the token, printed once.
    public static func createToken(
        database: DatabaseLocation, name: String, user: String? = nil
    ) async -> Result<String, CommandFailure> {
        await withAccounts(database, creating: true) { accounts in
            let token = try await accounts.createToken(name: name, for: try await account(user, in: accounts))
            return """
                \(token)
                This is the only time the token is shown: keep it. Use it as: Authorization: Bearer \(token.prefix(12))…
                """
        }
    }

    /// `bourse token list [--user PERSON]`: names and dates, never the tokens.
    public static func listTokens(
        database: DatabaseLocation, json: Bool, user: String? = nil
    ) async -> Result<String, CommandFailure> {
        let listed = await withAccounts(database, creating: false) { accounts in
            try await accounts.tokens(of: try await account(user, in: accounts))
        }
        return listed.flatMap { tokens in
            let rows = tokens.map(TokenListing.init)
            return CommandFailure.output(rows, json: json) {
                guard !rows.isEmpty else { return "No API tokens. Create one with: bourse token create NAME" }
                let lines =
                    [["NAME", "CREATED (UTC)", "LAST USED (UTC)"]]
                    + rows.map { [$0.name, $0.createdAt, $0.lastUsedAt ?? "never"] }
                return TextTable.lines(lines, rightAligned: []).joined(separator: "\n")
            }
        }
    }

    /// `bourse token revoke NAME [--user PERSON]`.
    public static func revokeToken(
        database: DatabaseLocation, name: String, user: String? = nil
    ) async -> Result<String, CommandFailure> {
        await withAccounts(database, creating: false) { accounts in
            try await accounts.revokeToken(name: name, of: try await account(user, in: accounts))
            return "The token \(name) is revoked."
        }
    }

    /// The account a `--user` names (nil: the owner's).
    static func account(_ user: String?, in accounts: AccountService) async throws(AccountError) -> AccountID {
        guard let user else { return .owner }
        guard let account = try await accounts.person(named: user) else { throw .noSuchAccount(user) }
        return account.id
    }

    /// The account a `--user` names in `database` (nil: the owner's), for the commands on a
    /// person's data (`bourse watch`, `bourse alerts`): a name no one has is a `CommandFailure`
    /// (exit 1) of one line.
    static func account(_ user: String?, in stores: DatabaseStores) async -> Result<AccountID, CommandFailure> {
        guard let user else { return .success(.owner) }
        do {
            return .success(try await account(user, in: AccountService(store: stores.accounts)))
        } catch {
            if case .storage = error { return .failure(CommandFailure(message: error.description, exitCode: 2)) }
            return .failure(CommandFailure(message: error.description, exitCode: error.isMissing ? 1 : 64))
        }
    }

    struct TokenListing: Encodable {
        let name: String
        let createdAt: String
        let lastUsedAt: String?

        init(_ record: APITokenRecord) {
            name = record.name
            createdAt = Timestamp.iso8601(record.createdAt)
            lastUsedAt = record.lastUsedAt.map(Timestamp.iso8601)
        }
    }

    static func withAccounts<T>(
        _ database: DatabaseLocation, creating: Bool, _ body: (AccountService) async throws -> T
    ) async -> Result<T, CommandFailure> {
        await CommandDatabase.with(database, creating: creating) { stores in
            do {
                return .success(try await body(AccountService(store: stores.accounts)))
            } catch let error as AccountError {
                if case .storage = error { return .failure(CommandFailure(message: error.description, exitCode: 2)) }
                return .failure(CommandFailure(message: error.description, exitCode: error.isMissing ? 1 : 64))
            } catch {
                return .failure(CommandFailure(message: "\(error)", exitCode: 2))
            }
        }
    }
}

extension AccountError {
    /// A name that is not there (exit 1, like an unknown symbol), rather than a bad argument.
    var isMissing: Bool {
        switch self {
        case .noSuchToken, .noSuchAccount, .invitationNotValid: true
        case .weakPassword, .badName, .badTokenName, .tokenNameTaken, .nameTaken, .ownerIsFixed, .ownerPasswordFirst,
            .storage:
            false
        }
    }
}
