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

    private typealias Indexed = (index: SearchIndex, listings: [String: Listing], prominent: Set<String>)
    private let building: Task<Result<Indexed, SearchUnavailable>, Never>
    /// The index again after `add(_:)` brought listings from the source's reference list.
    private var refreshed: Indexed?

    /// Starts building the index over `listings` (by default the bundled NASDAQ/NYSE/NYSE American/NYSE Arca
    /// ones), the `prominent` symbols first among the matches (by default the bundled S&P 500).
    public init(
        listings: @escaping @Sendable () throws -> [Listing] = { try BundledData.listings() },
        prominent: @escaping @Sendable () -> Set<String> = ListingSearch.bundledProminent
    ) {
        building = Task.detached(priority: .medium) {
            do {
                let all = try listings()
                let prominent = prominent()
                return .success(
                    (
                        SearchIndex(listings: all, prominent: prominent),
                        Dictionary(all.map { ($0.symbol, $0) }, uniquingKeysWith: { a, _ in a }), prominent
                    ))
            } catch {
                return .failure(SearchUnavailable(reason: "\(error)"))
            }
        }
    }

    /// The listings `query` finds, its exact symbol first, at most `limit` (see `SearchIndex.search`).
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

    /// Every listing, in result order (the compact index a phone searches offline, in the order
    /// it ranks them).
    public func allListings() async throws(SearchUnavailable) -> [Listing] {
        try await indexed().index.inResultOrder
    }

    /// Every listing by symbol.
    public func listingsBySymbol() async throws(SearchUnavailable) -> [String: Listing] {
        try await indexed().listings
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
        let prominent = try await indexed().prominent
        refreshed = (SearchIndex(listings: Array(current.values), prominent: prominent), current, prominent)
        return added
    }

    /// The S&P 500 constituents shipped with the app (none if that file cannot be read: search
    /// then orders by name alone).
    public static let bundledProminent: @Sendable () -> Set<String> = {
        Set(((try? BundledData.profiles()) ?? []).map(\.symbol))
    }

    private func indexed() async throws(SearchUnavailable) -> Indexed {
        if let refreshed { return refreshed }
        return try await building.value.get()
    }
}
