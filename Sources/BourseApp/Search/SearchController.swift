import BourseCore
import Hummingbird
import MarketData
import MarketsFeature

/// Search as you type: `GET /api/v1/search?q=&limit=` (JSON) and `GET /search?q=` (the results page).
struct SearchController: FeatureController {
    typealias Context = AppRequestContext
    let search: ListingSearch
    /// Where the saved prices shown beside the results come from (none: no prices). Searching
    /// never asks the source: `Market.savedQuotes`.
    var market: Market? = nil
    /// The answers just sent, reused for a moment (suggestions as you type repeat a lot).
    let hot = EncodedAnswers()

    func addRoutes(to router: Router<Context>) {
        router.get("api/v1/search") { request, context in
            try await hot.response(for: request.uri.query ?? "") { try await results(request, context: context) }
        }
        router.get("api/v1/search/listings", use: listings)
        router.get("search", use: page)
    }

    @Sendable func results(_ request: Request, context: Context) async throws -> SearchResponse {
        let query = try SearchQuery.text(request)
        let limit = try SearchQuery.limit(request)
        let listings = try await search.search(query, limit: limit)
        return SearchResponse(listings: listings, quotes: await savedQuotes(listings))
    }

    /// The saved quotes of `listings`, by symbol: no request to the source.
    func savedQuotes(_ listings: [Listing]) async -> [String: Quote] {
        guard let market else { return [:] }
        return await market.savedQuotes(for: listings.map(\.symbol))
    }

    /// `GET /api/v1/search/listings`: every listing as `[symbol, name, exchange]`, in result order,
    /// for the phone to search with no network (`search-box.js` runs the same rule over it).
    @Sendable func listings(_ request: Request, context: Context) async throws -> ListingsIndexResponse {
        ListingsIndexResponse(rows: try await search.allListings().map { [$0.symbol, $0.name, $0.exchange.rawValue] })
    }

    /// The header's badge on `/search`: the market whose saved prices the results show.
    var sourceLabel: String? { market?.source.marketLabel }

    @Sendable func page(_ request: Request, context: Context) async throws -> HTMLPage {
        let query = request.uri.queryParameters.get("q") ?? ""
        if let problem = SearchQuery.problem(with: query) {
            let shown = String(query.prefix(SearchIndex.maxQueryLength))
            return HTMLPage(
                status: .badRequest, html: SearchPage(query: shown, outcome: .refused(problem), sourceLabel: sourceLabel).render()
            )
        }
        guard !query.allSatisfy(\.isWhitespace) else {
            return HTMLPage(html: SearchPage(query: query, outcome: .prompt, sourceLabel: sourceLabel).render())
        }
        do throws(SearchUnavailable) {
            let listings = try await search.search(query, limit: ListingSearch.maxLimit)
            let quotes = await savedQuotes(listings)
            return HTMLPage(
                html: SearchPage(query: query, outcome: .results(listings, quotes: quotes), sourceLabel: sourceLabel).render())
        } catch {
            return HTMLPage(
                status: .serviceUnavailable,
                html: SearchPage(query: query, outcome: .refused(error.description), sourceLabel: sourceLabel).render())
        }
    }
}
