/// The day at a glance (SPEC §13): the top gainers, top losers and most active stocks of the
/// last trading day, from the whole-market answer that prices every list (`ListPricing`), so
/// they cost no request of their own.
///
/// Eligible: a listed stock with a previous close of at least 1.00 and a day volume of at least
/// 100,000 shares. Gainers: the largest % change first; losers: the smallest first; most active:
/// the largest volume first; ties by symbol. The % change is the one every list shows
/// (`Quote.changePercent`, two places), so the movers agree with the list sorted by % change.
public struct MarketMovers: Sendable, Equatable {
    /// One stock of a list.
    public struct Row: Sendable, Equatable {
        public var symbol: String
        public var name: String
        public var price: ExactDecimal
        public var change: ExactDecimal
        public var changePercent: ExactDecimal
        /// The day's volume in shares.
        public var volume: ExactDecimal
    }

    public var asOf: MarketDate
    public var gainers: [Row]
    public var losers: [Row]
    public var active: [Row]

    /// How many stocks each list holds.
    public static let count = 10
    public static let minimumPreviousClose: ExactDecimal = 1
    public static let minimumVolume: ExactDecimal = 100_000

    /// The movers among the stocks `name(symbol)` names (the listings): each list kept to its
    /// best `count` as the market is read once (O(n log count)), never the whole market sorted.
    public init(pricing: ListPricing, count: Int = MarketMovers.count, name: (String) -> String?) {
        var gainers = TopRows(capacity: count, before: Self.gainsMore)
        var losers = TopRows(capacity: count, before: Self.losesMore)
        var active = TopRows(capacity: count, before: Self.tradesMore)
        pricing.forEachQuote { quote, volume in
            guard let row = Self.eligibleRow(quote, volume: volume, name: name) else { return }
            gainers.offer(row)
            losers.offer(row)
            active.offer(row)
        }
        self.init(asOf: pricing.lastDay, gainers: gainers.rows, losers: losers.rows, active: active.rows)
    }

    public init(asOf: MarketDate, gainers: [Row], losers: [Row], active: [Row]) {
        self.asOf = asOf
        self.gainers = gainers
        self.losers = losers
        self.active = active
    }

    /// The same lists by sorting every eligible stock three times: the plain way, what the
    /// benchmark measures `init(pricing:)` against and the tests check it by.
    public static func bySorting(pricing: ListPricing, count: Int = MarketMovers.count, name: (String) -> String?) -> MarketMovers
    {
        var rows: [Row] = []
        pricing.forEachQuote { quote, volume in
            if let row = eligibleRow(quote, volume: volume, name: name) { rows.append(row) }
        }
        return MarketMovers(
            asOf: pricing.lastDay, gainers: Array(rows.sorted(by: gainsMore).prefix(count)),
            losers: Array(rows.sorted(by: losesMore).prefix(count)),
            active: Array(rows.sorted(by: tradesMore).prefix(count)))
    }

    /// `quote` as a row when its stock is listed and may rank.
    static func eligibleRow(_ quote: Quote, volume: ExactDecimal, name: (String) -> String?) -> Row? {
        guard let previousClose = quote.previousClose, previousClose >= minimumPreviousClose,
            volume >= minimumVolume, let change = quote.change, let changePercent = quote.changePercent,
            let name = name(quote.symbol)
        else { return nil }
        return Row(
            symbol: quote.symbol, name: name, price: quote.price, change: change, changePercent: changePercent,
            volume: volume)
    }

    static func gainsMore(_ a: Row, _ b: Row) -> Bool {
        a.changePercent != b.changePercent ? a.changePercent > b.changePercent : a.symbol < b.symbol
    }

    static func losesMore(_ a: Row, _ b: Row) -> Bool {
        a.changePercent != b.changePercent ? a.changePercent < b.changePercent : a.symbol < b.symbol
    }

    static func tradesMore(_ a: Row, _ b: Row) -> Bool {
        a.volume != b.volume ? a.volume > b.volume : a.symbol < b.symbol
    }
}

/// The best `capacity` rows offered so far, best first: an offer that does not beat the last
/// kept is one comparison; one that does is put in its place by binary search.
struct TopRows {
    let capacity: Int
    let before: (MarketMovers.Row, MarketMovers.Row) -> Bool
    private(set) var rows: [MarketMovers.Row] = []

    init(capacity: Int, before: @escaping (MarketMovers.Row, MarketMovers.Row) -> Bool) {
        self.capacity = max(capacity, 0)
        self.before = before
        rows.reserveCapacity(self.capacity + 1)
    }

    mutating func offer(_ row: MarketMovers.Row) {
        if rows.count == capacity {
            guard let last = rows.last, before(row, last) else { return }
        }
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if before(rows[middle], row) { low = middle + 1 } else { high = middle }
        }
        rows.insert(row, at: low)
        if rows.count > capacity { rows.removeLast() }
    }
}
