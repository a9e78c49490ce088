import BourseCore
import Hummingbird

/// Search as you type: `GET /api/v1/search?q=&limit=` (JSON) and `GET /search?q=` (the results page).
public func addSearchRoutes(to router: Router<BasicRequestContext>, search: SearchService) {
    router.get("api/v1/search") { request, _ -> SearchResponse in
        let query = try SearchQuery.text(request)
        let limit = try SearchQuery.limit(request)
        do throws(SearchUnavailable) {
            return SearchResponse(listings: try await search.search(query, limit: limit))
        } catch {
            throw APIError(.serviceUnavailable, error.description)
        }
    }
    router.get("search") { request, _ -> HTMLPage in
        let query = request.uri.queryParameters.get("q") ?? ""
        if let problem = SearchQuery.problem(with: query) {
            return HTMLPage(status: .badRequest, html: SearchPage(query: String(query.prefix(SearchIndex.maxQueryLength)), outcome: .refused(problem)).render())
        }
        guard !query.allSatisfy(\.isWhitespace) else {
            return HTMLPage(html: SearchPage(query: query, outcome: .prompt).render())
        }
        do throws(SearchUnavailable) {
            let listings = try await search.search(query, limit: SearchService.maxLimit)
            return HTMLPage(html: SearchPage(query: query, outcome: .results(listings)).render())
        } catch {
            return HTMLPage(status: .serviceUnavailable, html: SearchPage(query: query, outcome: .refused(error.description)).render())
        }
    }
}
