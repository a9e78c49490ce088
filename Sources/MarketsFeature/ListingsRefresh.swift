import BourseCore
import Foundation
import Logging
import MarketData

/// Learns the listings newer than the shipped files from the source's reference list.
///
/// With a Polygon key, the app reads every page of `/v3/reference/tickers` (active stocks, 1,000
/// a page, at most `maxPages`) as background work: its requests wait behind every request a
/// person is waiting for (`SourceCaller.background`). The tickers whose primary exchange is
/// NASDAQ, NYSE, NYSE American or NYSE Arca become listings: searchable, with a stock page, and no longer a
/// 404. The shipped listings are never removed or renamed, and what the source lists elsewhere
/// (OTC, other venues) stays out. Pages are cached for a day like all reference data, so a
/// restart reads them from the database, not the source.
public struct ListingsRefresh: Sendable {
    /// The most pages read in one refresh (50,000 tickers): a bound on a source that never ends.
    public static let maxPages = 50

    /// What one refresh read and added.
    public struct Outcome: Sendable, Equatable {
        public var pages = 0
        public var tickersRead = 0
        public var added = 0
        /// Every page was read (the last had no next page).
        public var complete = false
    }

    let market: Market
    let search: ListingSearch
    let logger: Logger

    public init(market: Market, search: ListingSearch, logger: Logger) {
        self.market = market
        self.search = search
        self.logger = logger
    }

    /// Reads the reference list and adds its new listings to `search`; what it read is added
    /// even when the source fails part way.
    public func run() async -> Outcome {
        await SourceCaller.$current.withValue(.background) {
            var outcome = Outcome()
            var listings: [Listing] = []
            var cursor: String?
            repeat {
                do {
                    let page = try await market.referencePage(cursor: cursor)
                    outcome.pages += 1
                    outcome.tickersRead += page.value.tickers.count
                    listings += page.value.tickers.compactMap(Self.listing)
                    cursor = page.value.nextCursor
                    outcome.complete = cursor == nil
                } catch {
                    logger.warning(
                        "the listings refresh stopped: the source failed",
                        metadata: ["pages": "\(outcome.pages)", "error": "\(error)"])
                    break
                }
            } while cursor != nil && outcome.pages < Self.maxPages
            do {
                outcome.added = try await search.add(listings)
            } catch {
                logger.warning("the listings refresh could not be indexed", metadata: ["error": "\(error)"])
            }
            logger.info(
                "listings refreshed from the source's reference list",
                metadata: [
                    "pages": "\(outcome.pages)", "tickers": "\(outcome.tickersRead)", "added": "\(outcome.added)",
                    "complete": "\(outcome.complete)",
                ])
            return outcome
        }
    }

    /// The listing a reference ticker makes: a symbol as the app writes them (Polygon writes
    /// suffixes in lower case, `ABRpD`: left out), a name, and one of the three exchanges.
    static func listing(_ ticker: TickerSummary) -> Listing? {
        guard case .success(let symbol) = Symbol.normalized(ticker.symbol), symbol == ticker.symbol,
            let mic = ticker.primaryExchange, let exchange = Exchange(mic: mic)
        else { return nil }
        let name = ticker.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 200 else { return nil }
        return Listing(symbol: symbol, name: name, exchange: exchange, isETF: ticker.type == "ETF")
    }
}
