import BourseCore
import BundledData

/// The search index behind `/api/v1/search` and `/search`.
///
/// The index is built once, in the background, as soon as this exists: start-up never
/// waits for it, and a search that arrives before it is ready waits for it instead.
public actor ListingSearch {
    /// The default and largest number of results one search may ask for.
    public static let defaultLimit = 10
    public static let maxLimit = 50

    private typealias Indexed = (index: SearchIndex, listings: [String: Listing])
    private let building: Task<Result<Indexed, SearchUnavailable>, Never>
    /// The index again after `add(_:)` brought listings from the source's reference list.
    private var refreshed: Indexed?

    /// Starts building the index over `listings` (by default the bundled NASDAQ/NYSE/NYSE American ones).
    public init(listings: @escaping @Sendable () throws -> [Listing] = { try BundledData.listings() }) {
        building = Task.detached(priority: .medium) {
            do {
                let all = try listings()
                return .success(
                    (SearchIndex(listings: all), Dictionary(all.map { ($0.symbol, $0) }, uniquingKeysWith: { a, _ in a })))
            } catch {
                return .failure(SearchUnavailable(reason: "\(error)"))
            }
        }
    }

    /// The listings `query` finds, by company name, at most `limit` (see `SearchIndex.search`).
    public func search(_ query: String, limit: Int) async throws(SearchUnavailable) -> [Listing] {
        try await indexed().index.search(query, limit: limit)
    }

    /// The number of listings indexed, once the index is built.
    public func count() async throws(SearchUnavailable) -> Int {
        try await indexed().index.count
    }

    /// Whether `symbol` (normalized) is one of the listings; nil when they could not be loaded.
    public func isListed(_ symbol: String) async -> Bool? {
        try? await indexed().listings[symbol] != nil
    }

    /// Every listing, by symbol (the compact index a phone searches offline).
    public func allListings() async throws(SearchUnavailable) -> [Listing] {
        try await indexed().listings.values.sorted { $0.symbol < $1.symbol }
    }

    /// The listing of `symbol` (normalized), or nil.
    public func listing(_ symbol: String) async -> Listing? {
        try? await indexed().listings[symbol]
    }

    /// Adds the listings not indexed yet (by symbol; the shipped ones are kept as they are) and
    /// rebuilds the index; returns how many were new.
    @discardableResult
    public func add(_ listings: [Listing]) async throws(SearchUnavailable) -> Int {
        var current = try await indexed().listings
        var added = 0
        for listing in listings where current[listing.symbol] == nil {
            current[listing.symbol] = listing
            added += 1
        }
        guard added > 0 else { return 0 }
        refreshed = (SearchIndex(listings: Array(current.values)), current)
        return added
    }

    private func indexed() async throws(SearchUnavailable) -> Indexed {
        if let refreshed { return refreshed }
        return try await building.value.get()
    }
}

/// The listings could not be loaded, so nothing can be searched.
public struct SearchUnavailable: Error, Sendable, CustomStringConvertible {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String {
        "search is unavailable: the listings could not be loaded (\(reason))"
    }
}
