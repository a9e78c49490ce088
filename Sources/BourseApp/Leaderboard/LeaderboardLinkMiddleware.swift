import ExchangeFeature
import Hummingbird

/// Tells the header's account menu whether to link the leaderboard (`PageLayout.leaderboardLink`):
/// for the owner always, for anyone else while the owner has not hidden it, so that no one is
/// sent to a page that is not there for them. Only pages have the menu: an API request, an asset
/// or a request not signed in by a session goes on as it is. Added after `SignInMiddleware`, which
/// says who is signed in.
struct LeaderboardLinkMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let leaderboard: ExchangeLeaderboard

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        guard let identity = PageLayout.signedIn, !path.hasPrefix("/api/"), !path.hasPrefix("/assets/") else {
            return try await next(request, context)
        }
        // A store that fails costs the link, not the page.
        let shown = identity.role == .owner ? true : (try? await leaderboard.isHidden()) == false
        return try await PageLayout.$leaderboardLink.withValue(shown) { try await next(request, context) }
    }
}
