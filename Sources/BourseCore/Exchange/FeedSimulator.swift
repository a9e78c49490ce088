import Foundation

/// A deterministic simulated market for one stock, tick by tick: the exchange feed's source.
///
/// The mid price, in ticks of 0.01, follows a discrete Ornstein–Uhlenbeck process around the
/// start price, `x += meanReversion × (start − x) + volatilityTicks × N(0, 1)`, so it wanders
/// but never drifts away. Each tick quotes a spread of one to `maxSpreadTicks` ticks around the
/// mid, a book of up to ten levels a side (mostly one tick apart, sometimes two; now and then a
/// side is thinner), quantities that grow with depth, and, most ticks, a new trade at the best
/// bid (a seller hit it) or the best ask (a buyer lifted it). The same configuration and the same
/// times give the same ticks.
public struct FeedSimulator: Sendable {
    /// What the simulated market looks like.
    public struct Configuration: Sendable, Equatable {
        /// The stock's symbol.
        public var symbol: String
        /// The price the walk starts at and reverts to.
        public var startPrice: Price
        /// The seed: the same seed gives the same ticks.
        public var seed: UInt64
        /// The most levels a side carries (1 to `FeedTick.maxLevels`).
        public var levels: Int
        /// The share of the distance to the start price the mid recovers each tick (0 to 1).
        public var meanReversion: Double
        /// The standard deviation of the mid's move per tick, in ticks.
        public var volatilityTicks: Double
        /// The widest spread quoted, in ticks (at least 1).
        public var maxSpreadTicks: Int
        /// The chance that a tick carries a new trade (0 to 1).
        public var tradeProbability: Double

        /// The defaults: a mid whose typical distance from the start is about 0.20
        /// (`volatilityTicks / sqrt(2 × meanReversion)` = 20 ticks), spreads of 1 to 3 ticks,
        /// ten levels a side, a trade on 60% of ticks.
        public init(
            symbol: String, startPrice: Price, seed: UInt64 = 1, levels: Int = FeedTick.maxLevels,
            meanReversion: Double = 0.005, volatilityTicks: Double = 2, maxSpreadTicks: Int = 3,
            tradeProbability: Double = 0.6
        ) {
            self.symbol = symbol
            self.startPrice = startPrice
            self.seed = seed
            self.levels = levels
            self.meanReversion = meanReversion
            self.volatilityTicks = volatilityTicks
            self.maxSpreadTicks = maxSpreadTicks
            self.tradeProbability = tradeProbability
        }
    }

    public let configuration: Configuration
    private var random: SplitMix64
    /// The mid price in ticks.
    private var mid: Double
    private var seq: Int64 = 0
    private var last: LastTrade?
    /// Whether the tick `next(at:)` made last printed a new trade (its `last` may otherwise
    /// repeat the trade before it, size and price alike).
    public private(set) var lastTickMadeTrade = false

    /// A market at its start price; out-of-range settings are brought into range.
    public init(_ configuration: Configuration) {
        var configuration = configuration
        configuration.levels = min(max(configuration.levels, 1), FeedTick.maxLevels)
        configuration.maxSpreadTicks = max(configuration.maxSpreadTicks, 1)
        configuration.meanReversion = min(max(configuration.meanReversion, 0), 1)
        configuration.volatilityTicks = max(configuration.volatilityTicks, 0)
        configuration.tradeProbability = min(max(configuration.tradeProbability, 0), 1)
        configuration.startPrice = Price(ticks: max(configuration.startPrice.ticks, 2))
        self.configuration = configuration
        random = SplitMix64(seed: configuration.seed)
        mid = Double(configuration.startPrice.ticks)
    }

    /// The `seq` the next tick will carry.
    public var nextSeq: Int64 { seq + 1 }

    /// Moves the sequence on by `count` without publishing, as if ticks had been lost: a gap.
    public mutating func skipSequenceNumbers(_ count: Int64) {
        seq += max(count, 0)
    }

    /// The next tick, stamped `time`.
    public mutating func next(at time: Date) -> FeedTick {
        let before = mid
        let center = Double(configuration.startPrice.ticks)
        mid += configuration.meanReversion * (center - mid) + configuration.volatilityTicks * random.normal()
        // Keep room for at least one bid above zero.
        mid = max(mid, Double(configuration.maxSpreadTicks) + 1)

        let spread = spreadTicks()
        let bestBid = max(Int64((mid - Double(spread) / 2).rounded(.toNearestOrAwayFromZero)), 1)
        let bestAsk = bestBid + Int64(spread)
        let bids = side(from: bestBid, direction: -1)
        let asks = side(from: bestAsk, direction: 1)

        lastTickMadeTrade = last == nil || random.chance(configuration.tradeProbability)
        if lastTickMadeTrade {
            // Buyers lift the ask more often when the price rose, sellers hit the bid when it fell.
            let buyerLikelihood = mid > before ? 0.7 : mid < before ? 0.3 : 0.5
            let atAsk = random.chance(buyerLikelihood)
            // The opening print is at the start price (the stock's last close), so the first
            // tick agrees with the market's quote; later trades print at the touch.
            let price = last == nil ? configuration.startPrice : Price(ticks: atAsk ? bestAsk : bestBid)
            last = LastTrade(price: price, size: tradeSize())
        }
        seq += 1
        return FeedTick(seq: seq, time: time, symbol: configuration.symbol, last: last, bids: bids, asks: asks)
    }

    /// Mostly one tick, sometimes wider, never above the maximum.
    private mutating func spreadTicks() -> Int {
        var spread = 1
        while spread < configuration.maxSpreadTicks, random.chance(0.35) { spread += 1 }
        return spread
    }

    /// One side of the book from its best price outward (`direction` -1 for bids, +1 for asks).
    private mutating func side(from best: Int64, direction: Int64) -> [BookLevel] {
        let count = random.chance(0.05) ? random.int(in: 1...configuration.levels) : configuration.levels
        var levels: [BookLevel] = []
        levels.reserveCapacity(count)
        var price = best
        for depth in 0..<count {
            guard price > 0 else { break }
            levels.append(BookLevel(price: Price(ticks: price), quantity: levelQuantity(depth: depth)))
            price += direction * (random.chance(0.2) ? 2 : 1)
        }
        return levels
    }

    /// Round lots that tend to grow with depth, with an odd lot now and then.
    private mutating func levelQuantity(depth: Int) -> Int {
        let lots = random.int(in: 1...(3 + depth * 2))
        let oddLot = random.chance(0.25) ? random.int(in: 1...99) : 0
        return lots * 100 + oddLot
    }

    /// Mostly round lots of one to five hundred, now and then an odd lot or a block.
    private mutating func tradeSize() -> Int {
        let draw = random.unit()
        if draw < 0.15 { return random.int(in: 1...99) }
        if draw < 0.95 { return random.int(in: 1...5) * 100 }
        return random.int(in: 10...50) * 100
    }
}
