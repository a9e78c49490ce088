import BourseCore
import Hummingbird

/// Reading the search parameters of a request.
public enum SearchQuery {
    /// `q`, which must be present (it may be empty) and at most `SearchIndex.maxQueryLength` characters.
    static func text(_ request: Request) throws -> String {
        guard let query = request.uri.queryParameters.get("q") else {
            throw APIError(.badRequest, "q is missing: give the start of a company name or a symbol, e.g. ?q=app")
        }
        if let problem = problem(with: query) { throw APIError(.badRequest, problem) }
        return query
    }

    /// Why `query` cannot be searched, or nil when it can.
    public static func problem(with query: String) -> String? {
        guard query.count > SearchIndex.maxQueryLength else { return nil }
        return "q is \(query.count) characters long; search with at most \(SearchIndex.maxQueryLength)"
    }

    /// `limit`: 1 to 50, 10 when absent.
    static func limit(_ request: Request) throws -> Int {
        try request.integerQuery("limit", default: ListingSearch.defaultLimit, in: 1...ListingSearch.maxLimit)
    }
}
