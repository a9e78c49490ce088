import BourseCore
import Hummingbird
import MarketsFeature

/// Reading the search parameters of a request.
extension SearchQuery {
    /// `q`, which must be present (it may be empty) and at most `SearchIndex.maxQueryLength` characters.
    static func text(_ request: Request) throws -> String {
        guard let query = request.uri.queryParameters.get("q") else {
            throw APIError(.badRequest, "q is missing: give the start of a company name or a symbol, e.g. ?q=app")
        }
        if let problem = problem(with: query) { throw APIError(.badRequest, problem) }
        return query
    }

    /// `limit`: 1 to 50, 10 when absent.
    static func limit(_ request: Request) throws -> Int {
        try request.integerQuery("limit", default: ListingSearch.defaultLimit, in: 1...ListingSearch.maxLimit)
    }
}
