import BourseCore
import Foundation
import MarketData
import MarketsFeature

/// The user's own stocks: kept in the store (the database), checked against the listings,
/// priced from the grouped-daily answers every list uses.
public struct StoredWatchlist: Sendable {
    private let store: any WatchlistStore
    private let market: Market
    private let listings: ListingSearch

    public init(store: any WatchlistStore, market: Market, listings: ListingSearch) {
        self.store = store
        self.market = market
        self.listings = listings
    }

    public func symbols() async throws -> [String] {
        try await store.symbols()
    }

    /// Adds `text` (a symbol) at the end.
    @discardableResult
    public func add(_ text: String) async throws -> [String] {
        let symbol = try await listedSymbol(text)
        return try await store.update { Watchlist.adding(symbol, to: $0) }.get()
    }

    @discardableResult
    public func remove(_ text: String) async throws -> [String] {
        let symbol = try Self.normalized(text)
        return try await store.update { Watchlist.removing(symbol, from: $0) }.get()
    }

    /// Replaces the list: reordered, or with stocks added or removed.
    @discardableResult
    public func replace(with texts: [String]) async throws -> [String] {
        guard texts.count <= Watchlist.maximumCount else { throw WatchlistError.tooMany(texts.count) }
        var symbols: [String] = []
        for text in texts { symbols.append(try await listedSymbol(text)) }
        let checked = try Watchlist.checked(symbols).get()
        return try await store.update { _ in .success(checked) }.get()
    }

    /// The list with each stock's name and quote; for a page (`waitingForPrices` false), the
    /// quotes are pending when they have not come within the market's pricing patience. An
    /// export waits for them.
    public func priced(waitingForPrices: Bool = false) async throws -> PricedWatchlist {
        let symbols = try await store.symbols()
        let quotes =
            waitingForPrices
            ? try await market.pricedQuotes(for: symbols, pricingPatience: nil)
            : try await market.pricedQuotes(for: symbols)
        var rows: [PricedWatchlist.Row] = []
        for symbol in symbols {
            rows.append(.init(symbol: symbol, listing: await listings.listing(symbol), quote: quotes.quotes[symbol]))
        }
        return PricedWatchlist(
            rows: rows, pending: quotes.pending && !symbols.isEmpty, fetchedAt: quotes.fetchedAt, isStale: quotes.isStale)
    }

    private func listedSymbol(_ text: String) async throws -> String {
        let symbol = try Self.normalized(text)
        guard await listings.isListed(symbol) != false else { throw WatchlistError.unknownSymbol(symbol) }
        return symbol
    }

    /// `text` as a symbol (upper case), or why it is none.
    public static func normalized(_ text: String) throws(WatchlistError) -> String {
        switch Symbol.normalized(text) {
        case .success(let symbol): return symbol
        case .failure(let error): throw .invalidSymbol(text, reason: error.reason)
        }
    }
}
