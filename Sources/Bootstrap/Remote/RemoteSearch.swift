import BourseClient
import BourseCore
import MarketsFeature

extension SearchLookup {
    /// The most results the API gives (`GET /api/v1/search`'s `limit`).
    static let remoteMaxLimit = 50

    /// `bourse search QUERY --server URL`: the server's listings for the query, printed as the
    /// local command prints the bundled ones (symbol, name, exchange; no prices).
    public static func run(query: String, limit: Int, json: Bool, server: RemoteServer) async -> Result<String, CommandFailure> {
        guard (1...remoteMaxLimit).contains(limit) else {
            return .failure(
                CommandFailure(
                    message: "--limit must be from 1 to \(remoteMaxLimit) against a server, got \(limit)", exitCode: 64))
        }
        if let failure = problem(with: query) { return .failure(failure) }
        return await server.run { bourse throws(BourseError) in
            let found = try await bourse.search(query, limit: limit).results.compactMap { result in
                Exchange(rawValue: result.exchange.rawValue).map {
                    Listing(symbol: result.symbol, name: result.name, exchange: $0, isETF: false)
                }
            }
            return CommandFailure.output(SearchResponse(listings: found), json: json) { plainText(found, query: query) }
        }
    }
}
