import BourseCore
import Foundation
import Hummingbird
import WatchlistFeature

/// The person's own stocks: `GET/PUT /api/v1/watchlist`, `POST/DELETE /api/v1/watchlist/{symbol}`,
/// and the export `GET /api/v1/watchlist.csv`, each the request's account's list (SPEC.md §14).
/// Every answer is the whole list, priced. (The home screen, `/`, shows it: `MarketsController`.)
struct WatchlistController: FeatureController {
    typealias Context = AppRequestContext
    let watchlist: StoredWatchlist
    let source: SourceKind

    func addRoutes(to router: Router<Context>) {
        router.get("api/v1/watchlist") { _, context in try await priced(context.account) }
        router.get("api/v1/watchlist.csv") { _, context in
            CSVResponse(
                table: WatchlistCSV.priced(try await watchlist.priced(for: context.account, waitingForPrices: true)),
                name: "bourse-watchlist")
        }
        router.put("api/v1/watchlist") { request, context in
            let body = try await Self.replacement(request)
            try await watchlist.replace(with: body.symbols, for: context.account)
            return try await priced(context.account)
        }
        router.post("api/v1/watchlist/:symbol") { _, context in
            try await watchlist.add(context.parameters.get("symbol") ?? "", for: context.account)
            return try await priced(context.account).response(status: .created)
        }
        router.delete("api/v1/watchlist/:symbol") { _, context in
            try await watchlist.remove(context.parameters.get("symbol") ?? "", for: context.account)
            return try await priced(context.account)
        }
    }

    private func priced(_ account: AccountID) async throws -> WatchlistResponse {
        WatchlistResponse(try await watchlist.priced(for: account), source: source)
    }

    /// `{"symbols": ["AAPL", ...]}`, at most 64 KB.
    static func replacement(_ request: Request) async throws -> WatchlistReplacement {
        let body = try await request.body(upTo: 65_536, what: "the list")
        do {
            return try JSONDecoder().decode(WatchlistReplacement.self, from: Data(buffer: body))
        } catch {
            throw APIError(.badRequest, #"the body must be {"symbols": ["AAPL", ...]}"#)
        }
    }
}

extension ResponseEncodable {
    /// This answer with another status (201 for a stock added).
    func response(status: HTTPResponse.Status) -> EditedResponse<Self> {
        EditedResponse(status: status, response: self)
    }
}
