import BourseCore
import Foundation
import MarketData
import Synchronization

/// Whether a symbol is a stock this app shows (SPEC §12: a symbol the app lists has a page).
///
/// First the listings, shipped and learned (`ListingSearch`), without a request. On Massive a
/// symbol outside them may be newer than both (the list comes from the source's reference list,
/// and the listings refresh is background work that may not have reached it): it is looked up,
/// one ticker-details request, and a stock the source lists on NASDAQ, NYSE, NYSE American or NYSE Arca is
/// learned at once (added to the listings: searchable, followable, its page no longer a 404). A
/// symbol the source does not know, or lists elsewhere, is remembered as unknown for a day, so
/// asking again costs no request. When the source cannot say (it failed, or the answer is still
/// on its way) the symbol is given the benefit of the doubt: its data routes say what happened.
/// The simulated market lists the shipped listings only: nothing is looked up.
public struct ListingLookup: Sendable {
    let listings: ListingSearch?
    let market: Market
    private let unknown: UnknownSymbols

    /// How long a symbol the source does not know stays unknown without asking again.
    public static let unknownFor: TimeInterval = 24 * 60 * 60

    public init(listings: ListingSearch?, market: Market) {
        self.listings = listings
        self.market = market
        self.unknown = UnknownSymbols(capacity: 10_000)
    }

    /// Whether `symbol` (normalized) is a stock with a page, waiting for the source at most
    /// `patience` (nil: the market's deadline). A page's shell passes a second: on a rate-limited
    /// source it answers at once, and its data routes decide. Without listings (they failed to
    /// load), every symbol is.
    public func isListed(_ symbol: String, patience: Duration? = nil) async -> Bool {
        guard let patience else { return await lookUp(symbol) }
        // The first to end wins; a lookup still on its way goes on (a shared request keeps
        // going when one waiter stops) and is saved for the next ask.
        return await withTaskGroup(of: Bool?.self) { group in
            group.addTask { await lookUp(symbol) }
            group.addTask {
                try? await Task.sleep(for: patience)
                return Task.isCancelled ? nil : true
            }
            while let next = await group.next() {
                guard let listed = next else { continue }
                group.cancelAll()
                return listed
            }
            return true
        }
    }

    private func lookUp(_ symbol: String) async -> Bool {
        guard let listings, let listed = await listings.isListed(symbol) else { return true }
        if listed { return true }
        guard market.source == .polygon else { return false }
        let now = market.now()
        if unknown.contains(symbol, at: now) { return false }
        do {
            let details = try await market.tickerDetails(symbol).value
            guard details.symbol == symbol, let mic = details.primaryExchange, let exchange = Exchange(mic: mic),
                case let name = details.name.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty
            else {
                unknown.insert(symbol, until: now.addingTimeInterval(Self.unknownFor))
                return false
            }
            _ = try? await listings.add([Listing(symbol: symbol, name: name, exchange: exchange, isETF: false)])
            return true
        } catch {
            if case .unknownSymbol = error {
                unknown.insert(symbol, until: now.addingTimeInterval(Self.unknownFor))
                return false
            }
            return true
        }
    }
}
