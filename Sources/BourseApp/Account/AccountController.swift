import Accounts
import Foundation
import Hummingbird

/// Sign-in and sign-out: `GET /signin` (the page), `POST /signin` (the form: name, password,
/// next), `POST /signout`. Only wired when sign-in is on (`AppFeatures.accounts`).
struct AccountController: FeatureController {
    typealias Context = AppRequestContext
    let accounts: AccountService

    func addRoutes(to router: Router<Context>) {
        router.get("signin", use: page)
        router.post("signin", use: signIn)
        router.post("signout", use: signOut)
    }

    @Sendable func page(_ request: Request, context: Context) async throws -> Response {
        let next = SignInTarget.safe(request.uri.queryParameters["next"].map(String.init))
        // Signed in already, or nothing to sign in to (no password set): straight on.
        let required = try await accounts.signInRequired()
        if context.identity?.isSession == true || !required { return Self.redirect(to: next) }
        return try HTMLPage(html: SignInPage.render(next: next)).response(from: request, context: context)
    }

    @Sendable func signIn(_ request: Request, context: Context) async throws -> Response {
        let form = try await SignInForm.read(request, context: context)
        let next = SignInTarget.safe(form.next)
        do {
            let secret = try await accounts.signIn(
                name: form.name, password: form.password, client: context.connection.clientAddress)
            var response = Self.redirect(to: next)
            response.setCookie(SessionCookie.make(secret, secure: context.connection.isSecure))
            return response
        } catch .throttled(let seconds) {
            var response = try HTMLPage(
                status: .tooManyRequests,
                html: SignInPage.render(next: next, name: form.name, problem: .throttled(seconds: seconds))
            ).response(from: request, context: context)
            response.headers[.retryAfter] = String(seconds)
            return response
        } catch .wrongCredentials, .noAccount {
            return try HTMLPage(
                status: .unauthorized, html: SignInPage.render(next: next, name: form.name, problem: .wrongCredentials)
            ).response(from: request, context: context)
        } catch .storage(let reason) {
            throw APIError(.serviceUnavailable, "cannot sign in now: the database failed (\(reason.prefix(200)))")
        }
    }

    @Sendable func signOut(_ request: Request, context: Context) async throws -> Response {
        if let secret = SessionCookie.secret(in: request) { try await accounts.signOut(secret) }
        var response = Self.redirect(to: "/signin")
        response.setCookie(SessionCookie.cleared(secure: context.connection.isSecure))
        return response
    }

    static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}

/// The sign-in form's fields (`application/x-www-form-urlencoded`, at most 8 KB).
struct SignInForm: Decodable {
    var name: String
    var password: String
    var next: String?

    static func read(_ request: Request, context: AppRequestContext) async throws -> SignInForm {
        try await request.form(
            SignInForm.self, what: "the sign-in form", problem: "the sign-in form needs a name and a password")
    }
}
