import Accounts
import BourseCore
import Foundation
import Hummingbird

/// The owner's people (SPEC §14, docs/people.md): `GET/POST /api/v1/users`,
/// `PATCH/DELETE /api/v1/users/{name}` and the page `/people` with its forms, for the owner
/// only (anyone else: 403). An invitation is taken at `/invite/{token}` (the page and its form)
/// or `POST /api/v1/invitations/{token}`, open to anyone who has the link.
struct PeopleController: FeatureController {
    typealias Context = AppRequestContext
    let accounts: AccountService

    /// A body larger than this is refused (a real one is under 100 bytes).
    static var maxBodyBytes: Int { 4 * 1024 }

    func addRoutes(to router: Router<Context>) {
        router.get("api/v1/users") { _, context in
            try Self.ownerOnly(context)
            return try await people()
        }
        router.post("api/v1/users") { request, context in
            try Self.ownerOnly(context)
            let body = try await Self.json(request, what: "the invitation", hint: #"send {"name": "ann", "role": "member"}"#)
            let (invitation, token) = try await accounts.invite(
                name: try Self.string(body, "name"), role: try Self.role(body, default: .member))
            return try InvitationResponse(invitation: InvitationJSON(invitation, token: token))
                .response(from: request, context: context).with(status: .created)
        }
        router.patch("api/v1/users/:name") { request, context in
            try Self.ownerOnly(context)
            let body = try await Self.json(request, what: "the change", hint: #"send {"role": "viewer"}"#)
            let person = try await accounts.setRole(of: Self.name(context), to: try Self.role(body, default: nil))
            return PersonResponse(person: PersonJSON(person))
        }
        router.delete("api/v1/users/:name") { _, context in
            try Self.ownerOnly(context)
            try await accounts.remove(name: Self.name(context))
            return Response(status: .noContent)
        }
        router.post("api/v1/invitations/:token") { request, context in
            let body = try await Self.json(request, what: "the password", hint: #"send {"password": "…"}"#)
            let (identity, secret) = try await accounts.acceptInvitation(
                token: Self.token(context), password: try Self.string(body, "password"))
            guard let person = try await accounts.person(named: identity.name) else {
                throw AccountError.noSuchAccount(identity.name)
            }
            var response = try PersonResponse(person: PersonJSON(person)).response(from: request, context: context)
                .with(status: .created)
            response.setCookie(SessionCookie.make(secret, secure: context.connection.isSecure))
            return response
        }
        PeoplePages(accounts: accounts).addRoutes(to: router)
    }

    private func people() async throws -> PeopleResponse {
        PeopleResponse(
            people: try await accounts.people().map(PersonJSON.init),
            invitations: try await accounts.invitations().map { InvitationJSON($0) })
    }

    /// Only the owner manages people; everyone else is told so (a 403: the route is no one's data).
    static func ownerOnly(_ context: Context) throws {
        guard context.role.managesPeople else { throw APIError(.forbidden, "only the owner manages people") }
    }

    /// The `{name}` of the path, percent-decoded (a name may hold spaces and any letter).
    static func name(_ context: Context) -> String {
        let raw = String((context.parameters.get("name") ?? "").prefix(300))
        return String((raw.removingPercentEncoding ?? raw).prefix(100))
    }

    static func token(_ context: Context) -> String {
        String((context.parameters.get("token") ?? "").prefix(100))
    }

    /// The body as a JSON object (`Request.json`).
    static func json(_ request: Request, what: String, hint: String) async throws -> JSONValue {
        let json = try await request.json(upTo: maxBodyBytes, what: what, hint: hint)
        guard case .object = json else { throw APIError(.badRequest, "the body must be a JSON object; \(hint)") }
        return json
    }

    static func string(_ body: JSONValue, _ key: String) throws -> String {
        guard let value = body[key]?.stringValue else { throw APIError(.badRequest, "\"\(key)\" must be a string") }
        return value
    }

    /// `role`: "member" or "viewer" (the owner is the first account, and only it).
    static func role(_ body: JSONValue, default fallback: Role?) throws -> Role {
        guard let value = body["role"], !value.isNull else {
            guard let fallback else { throw APIError(.badRequest, #""role" must be "member" or "viewer""#) }
            return fallback
        }
        guard let text = value.stringValue, let role = Role(rawValue: text), role != .owner else {
            throw APIError(.badRequest, #""role" must be "member" or "viewer""#)
        }
        return role
    }
}
