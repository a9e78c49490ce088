import BourseCore
import Foundation
import MarketData
import MarketsFeature

/// Each person's own stocks: kept in the store (the database), one list per account, checked
/// against the listings, priced from the grouped-daily answers every list uses.
public struct StoredWatchlist: Sendable {
    private let store: any WatchlistStore
    private let market: Market
    private let listings: ListingSearch

    public init(store: any WatchlistStore, market: Market, listings: ListingSearch) {
        self.store = store
        self.market = market
        self.listings = listings
    }

    public func symbols(of account: AccountID) async throws -> [String] {
        try await store.symbols(of: account)
    }

    /// Every symbol anyone follows (the background price refresh).
    public func everyonesSymbols() async throws -> [String] {
        try await store.everyonesSymbols()
    }

    /// Adds `text` (a symbol) at the end of the account's list.
    @discardableResult
    public func add(_ text: String, for account: AccountID) async throws -> [String] {
        let symbol = try await listedSymbol(text)
        return try await store.update(of: account) { Watchlist.adding(symbol, to: $0) }.get()
    }

    @discardableResult
    public func remove(_ text: String, for account: AccountID) async throws -> [String] {
        let symbol = try Self.normalized(text)
        return try await store.update(of: account) { Watchlist.removing(symbol, from: $0) }.get()
    }

    /// Replaces the account's list: reordered, or with stocks added or removed.
    @discardableResult
    public func replace(with texts: [String], for account: AccountID) async throws -> [String] {
        guard texts.count <= Watchlist.maximumCount else { throw WatchlistError.tooMany(texts.count) }
        var symbols: [String] = []
        for text in texts { symbols.append(try await listedSymbol(text)) }
        let checked = try Watchlist.checked(symbols).get()
        return try await store.update(of: account) { _ in .success(checked) }.get()
    }

    /// The account's list with each stock's name and quote; for a page (`waitingForPrices`
    /// false), the quotes are pending when they have not come within the market's pricing
    /// patience. An export waits for them.
    public func priced(for account: AccountID, waitingForPrices: Bool = false) async throws -> PricedWatchlist {
        let symbols = try await store.symbols(of: account)
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
