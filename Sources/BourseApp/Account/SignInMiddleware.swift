import Accounts
import Foundation
import Hummingbird

/// Asks for sign-in once the owner has a password: a request carries a live session cookie or
/// an API token (`Authorization: Bearer`), or it is refused. Pages redirect to `/signin` and
/// back; the API, charts and the socket answer 401 with a JSON error. Open to everyone: the
/// sign-in page, the assets it needs, `/api/v1/health` (for monitors), the API's contract
/// `/api/openapi.json` (no data), and the phone app's manifest, icons, worker and offline page
/// (`isOpen`).
///
/// A request signed in by its cookie that would change something (not GET or HEAD) must come
/// from this site's own pages: an `Origin` of another host is refused with 403 (the cookie is
/// `SameSite=Strict` too; this is the second lock). A viewer's request that would change
/// something is a 403 too, with nothing written (SPEC §14), except signing out.
struct SignInMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let accounts: AccountService
    /// The router's routes, for `isWrongMethod`.
    var routes: RouteMethods?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        guard try await accounts.signInRequired() else { return try await next(request, context) }
        var context = context
        context.identity = try await identify(request)
        let changes = ![.get, .head].contains(request.method)
        if context.identity?.isSession == true, changes,
            !SameOrigin.allows(
                origin: request.headers[.origin], host: request.head.authority, secure: context.connection.isSecure)
        {
            if isWrongMethod(request) { return try await next(request, context) }
            throw APIError(.forbidden, "refused: a request that changes something must come from this site's own pages")
        }
        guard let identity = context.identity else {
            if Self.isOpen(request.uri.path) || isWrongMethod(request) { return try await next(request, context) }
            throw Self.refusal(for: request)
        }
        if changes, !identity.role.mayChange, request.uri.path != "/signout" {
            if isWrongMethod(request) { return try await next(request, context) }
            throw APIError(.forbidden, "refused: \(identity.name) may read but not change anything (a viewer)")
        }
        // Only a page shows who is signed in; the API needs no task-local.
        guard identity.isSession, !request.uri.path.hasPrefix("/api/") else {
            return try await next(request, context)
        }
        return try await PageLayout.$signedIn.withValue(identity) { try await next(request, context) }
    }

    /// A method no route answers at a path some route answers: it goes on to its 405 (nothing is
    /// served, so there is nothing to sign in for). Asked only of a request about to be refused,
    /// so a signed-in request never pays for the lookup.
    private func isWrongMethod(_ request: Request) -> Bool {
        guard let allowed = routes?.methods(for: request.uri.path) else { return false }
        return !allowed.isEmpty && !allowed.contains(request.method)
    }

    private func identify(_ request: Request) async throws -> Identity? {
        if let token = SessionCookie.bearerToken(in: request), let identity = try await accounts.token(token) {
            return identity
        }
        if let secret = SessionCookie.secret(in: request) { return try await accounts.session(secret) }
        return nil
    }

    /// The paths anyone may ask for: sign-in, an invitation's page and its answer, health, and
    /// what the sign-in page and an installed app need before sign-in (assets, icons, manifest,
    /// the worker, the offline page).
    static func isOpen(_ path: String) -> Bool {
        [
            "/signin", "/api/v1/health", "/api/openapi.json", "/manifest.webmanifest", "/sw.js", "/offline",
            "/apple-touch-icon.png",
        ]
        .contains(path) || path.hasPrefix("/assets/") || path.hasPrefix("/icons/") || path.hasPrefix("/invite/")
            || path.hasPrefix("/api/v1/invitations/")
    }

    /// Data outside `/api/`, for programs, not people: the metrics (a scraper sends a token).
    static let dataPaths: Set<String> = ["/metrics"]

    /// A page asked for in a browser goes to sign-in and comes back; everything else (the API,
    /// charts, the socket, the metrics) is 401, so that a program is never handed the sign-in
    /// page where it expects data.
    static func refusal(for request: Request) -> any Error {
        let path = request.uri.path
        let isPage =
            [.get, .head].contains(request.method) && !path.hasPrefix("/api/") && !path.hasSuffix(".svg")
            && !path.hasSuffix("/ws") && !dataPaths.contains(path)
        if isPage {
            var target = path
            if let query = request.uri.query, !query.isEmpty { target += "?" + query }
            return SignInRedirect(location: SignInTarget.signInPath(returningTo: target))
        }
        return APIError(
            .unauthorized, "sign in first: a session cookie (POST /signin) or an API token (Authorization: Bearer)",
            headers: [.wwwAuthenticate: #"Bearer realm="bourse""#])
    }
}

/// A page's answer when sign-in is needed: 303 to the sign-in page (as an error, so it leaves
/// the route at once).
struct SignInRedirect: HTTPResponseError {
    let location: String
    var status: HTTPResponse.Status { .seeOther }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}
