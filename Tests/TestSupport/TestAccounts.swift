import BourseCore
import Foundation
import Storage

extension AccountStore {
    /// A second person for the tests of what is kept apart (SPEC.md §14): `name` invited as
    /// `role` and the invitation taken, as `POST /api/v1/invitations/{token}` does; their account.
    public func addPerson(_ name: String, role: Role = .member) async throws -> AccountID {
        let time = Date(timeIntervalSince1970: 1_763_820_000)
        let token = "invitation-\(name)"
        _ = try await insertInvitation(
            InvitationRecord(
                tokenHash: token, name: name, role: role, createdAt: time, expiresAt: time.addingTimeInterval(3600)))
        let accepted = try await acceptInvitation(
            tokenHash: token, passwordHash: "$2b$04$not.a.real.hash", sessionHash: "session-\(name)", at: time)
        guard case .success(let account) = accepted else {
            throw StorageError.failed(operation: "add \(name)", reason: "the invitation was refused: \(accepted)")
        }
        return account.id
    }
}

extension BourseDatabase {
    /// `AccountStore.addPerson` on this database.
    public func addPerson(_ name: String, role: Role = .member) async throws -> AccountID {
        try await DatabaseAccountStore(database: self).addPerson(name, role: role)
    }
}
