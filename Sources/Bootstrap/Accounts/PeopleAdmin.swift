import Accounts
import BourseCore
import Foundation
import Storage

/// The people commands (`bourse users …`, SPEC §14): invite, list, change a role, remove. Like
/// `bourse password`, they work on the database file directly, with the server stopped or
/// running (a running server sees a change within 10 seconds).
public enum PeopleAdmin {
    /// `bourse users invite NAME --role member|viewer`: the one-time link, printed once.
    public static func invite(
        database: DatabaseLocation, name: String, role: InvitedRole, base: String
    ) async -> Result<String, CommandFailure> {
        await AccountAdmin.withAccounts(database, creating: true) { accounts in
            let (invitation, token) = try await accounts.invite(name: name, role: role.role)
            let link = base.trimmingSuffix("/") + "/invite/" + token
            return """
                \(link)
                Send this link to \(invitation.name) (\(invitation.role.rawValue)). It works once, until \
                \(Timestamp.iso8601(invitation.expiresAt)), and is shown only now.
                """
        }
    }

    /// `bourse users list`: the people and the invitations still open, never a hash or a link.
    public static func list(database: DatabaseLocation, json: Bool) async -> Result<String, CommandFailure> {
        let listed = await AccountAdmin.withAccounts(database, creating: false) { accounts in
            (try await accounts.people(), try await accounts.invitations())
        }
        return listed.flatMap { people, invitations in
            let rows =
                people.map {
                    Listing(name: $0.name, role: $0.role.rawValue, since: Timestamp.iso8601($0.createdAt), invitedUntil: nil)
                }
                + invitations.map {
                    Listing(
                        name: $0.name, role: $0.role.rawValue, since: Timestamp.iso8601($0.createdAt),
                        invitedUntil: Timestamp.iso8601($0.expiresAt))
                }
            return CommandFailure.output(rows, json: json) {
                let lines =
                    [["NAME", "ROLE", "SINCE (UTC)", "STATUS"]]
                    + rows.map { [$0.name, $0.role, $0.since, $0.invitedUntil.map { "invited, until \($0)" } ?? "active"] }
                return TextTable.lines(lines, rightAligned: []).joined(separator: "\n")
            }
        }
    }

    /// `bourse users role NAME ROLE`.
    public static func setRole(
        database: DatabaseLocation, name: String, role: InvitedRole
    ) async -> Result<String, CommandFailure> {
        await AccountAdmin.withAccounts(database, creating: false) { accounts in
            let person = try await accounts.setRole(of: name, to: role.role)
            return "\(person.name) is a \(person.role.rawValue) now."
        }
    }

    /// `bourse users remove NAME`: the account and its data, or the invitation for the name.
    public static func remove(database: DatabaseLocation, name: String) async -> Result<String, CommandFailure> {
        await AccountAdmin.withAccounts(database, creating: false) { accounts in
            let wasPerson = try await accounts.person(named: name) != nil
            try await accounts.remove(name: name)
            return wasPerson
                ? "\(name) is removed, with their sessions, tokens and data."
                : "The invitation for \(name) is withdrawn."
        }
    }

    /// The roles one may give: member or viewer (the owner is the first account, and only it).
    public enum InvitedRole: String, CaseIterable, Sendable {
        case member, viewer

        var role: Role {
            switch self {
            case .member: .member
            case .viewer: .viewer
            }
        }
    }

    struct Listing: Encodable {
        let name: String
        let role: String
        let since: String
        /// Set for an invitation not yet taken: until when its link works.
        @ExplicitNull var invitedUntil: String?
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        var text = self
        while text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        return text
    }
}
