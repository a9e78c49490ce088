import BourseCore
import BundledData
import MarketsFeature

/// `bourse search QUERY`: the listings a query finds, as aligned columns or as the API's JSON.
public enum SearchLookup {
    /// The most results the command prints.
    public static let maxLimit = 1000

    public static func run(
        query: String, limit: Int, json: Bool, listings: () throws -> [Listing] = { try BundledData.listings() }
    ) -> Result<String, CommandFailure> {
        guard (1...maxLimit).contains(limit) else {
            return .failure(CommandFailure(message: "--limit must be from 1 to \(maxLimit), got \(limit)", exitCode: 64))
        }
        if let failure = problem(with: query) { return .failure(failure) }
        let index: SearchIndex
        do {
            index = SearchIndex(listings: try listings(), prominent: ListingSearch.bundledProminent())
        } catch {
            return .failure(CommandFailure(message: SearchUnavailable(reason: "\(error)").description, exitCode: 2))
        }
        let found = index.search(query, limit: limit)
        return CommandFailure.output(SearchResponse(listings: found), json: json) { plainText(found, query: query) }
    }

    /// Why the query cannot be searched for (exit 64), or nil.
    static func problem(with query: String) -> CommandFailure? {
        guard !query.allSatisfy(\.isWhitespace) else {
            return CommandFailure(
                message: "the query is empty: give the start of a company name or a symbol, e.g. bourse search app",
                exitCode: 64)
        }
        if let problem = SearchQuery.problem(with: query) {
            return CommandFailure(message: problem.replacingOccurrences(of: "q is", with: "the query is"), exitCode: 64)
        }
        return nil
    }

    /// One line per listing: symbol, name and exchange in aligned columns.
    static func plainText(_ listings: [Listing], query: String) -> String {
        guard !listings.isEmpty else { return "No listing matches \"\(query)\"." }
        let symbolWidth = listings.map(\.symbol.count).max() ?? 0
        let nameWidth = listings.map(\.name.count).max() ?? 0
        return listings.map { listing in
            pad(listing.symbol, symbolWidth) + "  " + pad(listing.name, nameWidth) + "  " + listing.exchange.rawValue
        }.joined(separator: "\n")
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
