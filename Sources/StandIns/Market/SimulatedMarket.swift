import BourseCore
import BundledData
import Foundation
import Synchronization

/// A deterministic model of US stock prices: the same bars for a symbol and day on every run.
///
/// Each symbol's daily log price is a mean-reverting sum over the last 250 trading days,
/// `x_t = sum_{k<250} 0.985^k * eps_{t-k}`, where `eps` is a standard normal drawn from a
/// stable hash of (symbol, day); so any day is computed without state and consecutive days
/// agree. The close is `level * exp(volatility * x_t)`. The day opens at the previous close
/// times a small gap and walks minute by minute to the close along a Brownian bridge; the
/// day's high, low and volume are the aggregate of its minutes, so daily and intraday bars
/// agree. Prices are whole cents, volumes whole shares.
///
/// Nothing exists outside regular sessions, and nothing after `now`: every query takes the
/// current instant as a parameter (the caller's clock), and only minutes that have ended by
/// then are returned. Every query agrees at every instant: during the session a day's bar is
/// the aggregate of its minutes so far, in daily bars and grouped daily alike.
public final class SimulatedMarket: Sendable {
    /// The listings the market trades, sorted by symbol.
    public let listings: [Listing]
    /// The trading calendar the sessions follow.
    public let calendar: TradingCalendar
    let positions: [String: Int]
    let models: [SymbolModel]
    let profiles: [String: CompanyProfile]
    let tradingDays: TradingDayIndex
    /// Grouped daily bars of completed days, by day number; a few recent days are kept.
    let groupedCache = Mutex<[Int: [DayPrices]]>([:])
    /// Every symbol's prices of the day in progress, as of its last computed minute.
    let partialCache = Mutex<PartialDay?>(nil)

    static let persistence = 0.985
    static let memory = 250
    static let weights: [Double] = (0..<memory).map { pow(persistence, Double($0)) }
    static let cachedDays = 16

    /// A market over the given listings; symbols in `priceLevels` move around their real level
    /// and volatility, the others around levels derived from their symbols.
    public init(
        listings: [Listing], profiles: [CompanyProfile] = [], priceLevels: [PriceLevel] = [],
        calendar: TradingCalendar = TradingCalendar()
    ) {
        var unique: [String: Listing] = [:]
        for listing in listings where unique[listing.symbol] == nil { unique[listing.symbol] = listing }
        self.listings = unique.values.sorted { $0.symbol < $1.symbol }
        self.calendar = calendar
        positions = Dictionary(uniqueKeysWithValues: self.listings.enumerated().map { ($1.symbol, $0) })
        let levels = Dictionary(priceLevels.map { ($0.symbol, $0) }, uniquingKeysWith: { first, _ in first })
        models = self.listings.map { listing in
            if let level = levels[listing.symbol] { return SymbolModel(symbol: listing.symbol, level: level) }
            return SymbolModel(symbol: listing.symbol, isETF: listing.isETF)
        }
        self.profiles = Dictionary(profiles.map { ($0.symbol, $0) }, uniquingKeysWith: { first, _ in first })
        tradingDays = TradingDayIndex(
            calendar: calendar, from: MarketDate(year: 1995, month: 1, day: 1)!,
            through: MarketDate(year: 2100, month: 12, day: 31)!)
    }

    /// The market over the bundled NASDAQ, NYSE, NYSE American and NYSE Arca listings, S&P 500 profiles and price levels.
    public static func bundled(calendar: TradingCalendar = TradingCalendar()) throws -> SimulatedMarket {
        SimulatedMarket(
            listings: try BundledData.listings(), profiles: try BundledData.profiles(),
            priceLevels: try BundledData.priceLevels(), calendar: calendar)
    }

    /// The listing of a symbol (exact, upper case), if the market trades it.
    public func listing(for symbol: String) -> Listing? {
        positions[symbol].map { listings[$0] }
    }

    /// The S&P 500 profile of a symbol, where there is one.
    public func profile(for symbol: String) -> CompanyProfile? {
        profiles[symbol]
    }

    /// The start of a day's bar, as Polygon stamps daily bars: 00:00 New York time.
    public static func dayStart(_ date: MarketDate) -> Date {
        NewYorkTime.date(of: date, hour: 0)
    }

    static func bar(_ prices: DayPrices, start: Date) -> Bar {
        Bar(
            start: start, open: cents(prices.open), high: cents(prices.high), low: cents(prices.low),
            close: cents(prices.close), volume: ExactDecimal(Int(prices.volume)))
    }

    static func cents(_ value: Int64) -> ExactDecimal {
        ExactDecimal(significand: Int128(value), scale: 2)
    }
}
