import Accounts
import BourseCore
import ExchangeFeature
import Foundation
import Hummingbird

/// The leaderboard (SPEC §14, docs/people.md): `GET /api/v1/leaderboard` and the page
/// `/leaderboard` for everyone signed in while it is shown, for the owner always; to anyone else
/// a hidden board does not exist (the 404 of a path that is no route). `PATCH
/// /api/v1/leaderboard` and the page's form (`POST /leaderboard/visibility`) hide or show it: the
/// owner's alone (anyone else: 403).
struct LeaderboardController: FeatureController {
    typealias Context = AppRequestContext
    let leaderboard: ExchangeLeaderboard
    let accounts: AccountService

    /// A body larger than this is refused (a real one is 16 bytes).
    static var maxBodyBytes: Int { 4 * 1024 }
    static let hint = #"send {"hidden": true} or {"hidden": false}"#

    func addRoutes(to router: Router<Context>) {
        router.get("api/v1/leaderboard") { _, context in
            let hidden = try await readable(context)
            return try await answer(context, hidden: hidden)
        }
        router.patch("api/v1/leaderboard") { request, context in
            try Self.ownerOnly(context)
            let body = try await request.json(upTo: Self.maxBodyBytes, what: "the change", hint: Self.hint)
            guard let members = body.objectValue else {
                throw APIError(.badRequest, "the body must be a JSON object; \(Self.hint)")
            }
            if let other = members.keys.sorted().first(where: { $0 != "hidden" }) {
                throw APIError(.badRequest, "unknown field \"\(other.prefix(20))\"; \(Self.hint)")
            }
            guard let hidden = members["hidden"]?.boolValue else {
                throw APIError(.badRequest, "\"hidden\" must be true or false; \(Self.hint)")
            }
            try await leaderboard.setHidden(hidden)
            return try await answer(context, hidden: hidden)
        }
        router.get("leaderboard") { request, context in
            let hidden = try await readable(context)
            let board = await leaderboard.board(of: try await accounts.people())
            let html = LeaderboardPage.render(board, you: context.account, hidden: hidden, isOwner: context.role == .owner)
            return try HTMLPage(html: html).response(from: request, context: context)
        }
        // The page's form (`application/x-www-form-urlencoded`): `hidden=true` or `hidden=false`, no other field.
        router.post("leaderboard/visibility") { request, context in
            try Self.ownerOnly(context)
            let form = try await request.form(
                [String: String].self, what: "the form", problem: "the form could not be read: send hidden=true or hidden=false")
            if let other = form.keys.sorted().first(where: { $0 != "hidden" }) {
                throw APIError(.badRequest, "unknown field \"\(other.prefix(20))\": send hidden=true or hidden=false")
            }
            guard let hidden = form["hidden"].flatMap(Bool.init) else {
                throw APIError(.badRequest, "hidden must be true or false")
            }
            try await leaderboard.setHidden(hidden)
            return AccountController.redirect(to: "/leaderboard")
        }
    }

    /// Whether the board is hidden, once the asker may read it: the owner always, anyone else
    /// only while it is shown (a 404 otherwise, as for a path that is no route).
    private func readable(_ context: Context) async throws -> Bool {
        let hidden = try await leaderboard.isHidden()
        guard !hidden || context.role == .owner else { throw HTTPError(.notFound) }
        return hidden
    }

    private func answer(_ context: Context, hidden: Bool) async throws -> LeaderboardResponse {
        LeaderboardResponse(await leaderboard.board(of: try await accounts.people()), hidden: hidden, you: context.account)
    }

    /// Only the owner hides or shows the board; anyone else is told so.
    static func ownerOnly(_ context: Context) throws {
        guard context.role == .owner else {
            throw APIError(.forbidden, "only the owner hides or shows the leaderboard")
        }
    }
}
