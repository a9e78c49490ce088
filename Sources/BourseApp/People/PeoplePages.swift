import Accounts
import BourseCore
import Foundation
import Hummingbird

/// The pages of people, with plain forms (no script needed), posted from this site only
/// (`SignInMiddleware`): `/people` for the owner (invite, change a role, remove) and
/// `/invite/{token}`, where an invited person chooses a password.
struct PeoplePages: FeatureController {
    typealias Context = AppRequestContext
    let accounts: AccountService

    func addRoutes(to router: Router<Context>) {
        router.get("people") { request, context in
            try PeopleController.ownerOnly(context)
            return try await page(request, context)
        }
        router.post("people/invitations") { request, context in
            try PeopleController.ownerOnly(context)
            let form = try await PeopleForm.read(request, context: context)
            do {
                let made = try await accounts.invite(
                    name: form.name ?? "", role: Role(rawValue: form.role ?? "") ?? .member)
                return try await page(request, context, status: .created, made: made)
            } catch let error as AccountError where !error.isStorage {
                return try await page(request, context, status: .badRequest, problem: error.description, name: form.name)
            }
        }
        router.post("people/:name/role") { request, context in
            try PeopleController.ownerOnly(context)
            let form = try await PeopleForm.read(request, context: context)
            guard let role = form.role.flatMap(Role.init(rawValue:)), role != .owner else {
                return try await page(request, context, status: .badRequest, problem: "choose member or viewer")
            }
            do {
                _ = try await accounts.setRole(of: PeopleController.name(context), to: role)
            } catch let error as AccountError where !error.isStorage {
                return try await page(request, context, status: error.status, problem: error.description)
            }
            return AccountController.redirect(to: "/people")
        }
        router.post("people/:name/remove") { request, context in
            try PeopleController.ownerOnly(context)
            do {
                try await accounts.remove(name: PeopleController.name(context))
            } catch let error as AccountError where !error.isStorage {
                return try await page(request, context, status: error.status, problem: error.description)
            }
            return AccountController.redirect(to: "/people")
        }
        router.get("invite/:token") { request, context in
            let token = PeopleController.token(context)
            guard let invitation = try await accounts.invitation(token: token) else {
                return try HTMLPage(status: .notFound, html: InvitationPage.render(.notValid))
                    .response(from: request, context: context)
            }
            return try HTMLPage(html: InvitationPage.render(.open(invitation, token: token)))
                .response(from: request, context: context)
        }
        router.post("invite/:token") { request, context in
            let token = PeopleController.token(context)
            let form = try await PeopleForm.read(request, context: context)
            guard let invitation = try await accounts.invitation(token: token) else {
                return try HTMLPage(status: .notFound, html: InvitationPage.render(.notValid))
                    .response(from: request, context: context)
            }
            do {
                let (_, secret) = try await accounts.acceptInvitation(token: token, password: form.password ?? "")
                var response = AccountController.redirect(to: "/")
                response.setCookie(SessionCookie.make(secret, secure: context.connection.isSecure))
                return response
            } catch let error as AccountError where !error.isStorage {
                let status: HTTPResponse.Status = error == .invitationNotValid ? .notFound : .badRequest
                return try HTMLPage(
                    status: status,
                    html: InvitationPage.render(.open(invitation, token: token), problem: error.description)
                ).response(from: request, context: context)
            }
        }
    }

    private func page(
        _ request: Request, _ context: Context, status: HTTPResponse.Status = .ok,
        made: (InvitationRecord, String)? = nil, problem: String? = nil, name: String? = nil
    ) async throws -> Response {
        let html = PeoplePage.render(
            people: try await accounts.people(), invitations: try await accounts.invitations(), you: context.identity?.name,
            made: made, problem: problem, name: name, passwordSet: try await accounts.signInRequired())
        return try HTMLPage(status: status, html: html).response(from: request, context: context)
    }
}

/// The people pages' form fields (`application/x-www-form-urlencoded`, at most 8 KB).
struct PeopleForm: Decodable {
    var name: String?
    var role: String?
    var password: String?

    static func read(_ request: Request, context: AppRequestContext) async throws -> PeopleForm {
        try await request.form(PeopleForm.self, what: "the form", problem: "the form could not be read")
    }
}
