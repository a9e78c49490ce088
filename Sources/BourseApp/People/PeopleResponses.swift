import Accounts
import BourseCore
import Hummingbird

/// A person as the API shows them: never a password hash.
struct PersonJSON: Encodable {
    let name: String
    let role: String
    let createdAt: String

    init(_ account: AccountRecord) {
        name = account.name
        role = account.role.rawValue
        createdAt = Timestamp.iso8601(account.createdAt)
    }
}

/// An invitation not yet taken; `link` is null but in the answer that made it (the token is shown once).
struct InvitationJSON: Encodable {
    let name: String
    let role: String
    let createdAt: String
    let expiresAt: String
    @ExplicitNull var link: String?

    init(_ invitation: InvitationRecord, token: String? = nil) {
        name = invitation.name
        role = invitation.role.rawValue
        createdAt = Timestamp.iso8601(invitation.createdAt)
        expiresAt = Timestamp.iso8601(invitation.expiresAt)
        link = token.map(InvitationLink.path)
    }
}

/// `GET /api/v1/users`: the people, the owner first, and the invitations still open.
struct PeopleResponse: ResponseEncodable {
    let people: [PersonJSON]
    let invitations: [InvitationJSON]
}

/// `PATCH /api/v1/users/{name}`, `POST /api/v1/invitations/{token}`.
struct PersonResponse: ResponseEncodable {
    let person: PersonJSON
}

/// `POST /api/v1/users` (201).
struct InvitationResponse: ResponseEncodable {
    let invitation: InvitationJSON
}

/// Where an invitation's token is taken: `/invite/TOKEN`.
enum InvitationLink {
    static func path(_ token: String) -> String { "/invite/" + token }
}
