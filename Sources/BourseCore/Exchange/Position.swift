/// The user's holding in the stock, computed from the fills: exact, in cents, with FIFO lots.
///
/// The user has infinite capital: selling more than is held opens a short position (a negative
/// quantity), and buying more than is short opens a long one. Fills close the oldest open lots
/// first (FIFO); each closed share realizes the difference between its lot's price and the
/// closing fill's. Signed amounts follow the quantity: a short's cost basis and market value
/// are negative (money received for the shares owed), so `unrealizedPnL = marketValue -
/// costBasis` for both directions.
public struct Position: Sendable, Hashable {
    /// Shares held: positive long, negative short, zero flat.
    public let quantity: Int
    /// What the open lots cost, signed like `quantity`: the exact sum of price × shares.
    public let costBasis: ExactDecimal
    /// The average price of the open lots, to four places half-even; nil when flat.
    public let averageCost: ExactDecimal?
    /// Profit (positive) or loss on the shares closed, exactly.
    public let realizedPnL: ExactDecimal
    /// The last price the position is valued at, if any.
    public let lastPrice: Price?
    /// `quantity × lastPrice`, signed like `quantity`; nil without a price.
    public let marketValue: ExactDecimal?
    /// What closing the open lots at `lastPrice` would realize; nil without a price.
    public let unrealizedPnL: ExactDecimal?
    /// The open lots, oldest first; every lot is on the position's side.
    public let lots: [Lot]

    /// Shares bought (or sold short) together at one price.
    public struct Lot: Sendable, Hashable {
        /// Shares, signed like the position: positive long, negative short.
        public let quantity: Int
        public let price: Price
    }

    /// The position after `fills`, taken in the order given (the order they happened), valued at
    /// `lastPrice`.
    public init(fills: [Fill], lastPrice: Price?) {
        self = PositionLedger(fills: fills).position(lastPrice: lastPrice)
    }

    /// The position of `open` lots (oldest first) after `realizedTicks` were realized.
    init(open: [Lot], realizedTicks: Int128, lastPrice: Price?) {
        let quantity = open.reduce(0) { $0 + $1.quantity }
        let costTicks = open.reduce(Int128(0)) { $0 + Int128($1.quantity) * Int128($1.price.ticks) }
        self.lots = open
        self.quantity = quantity
        self.costBasis = Self.money(costTicks)
        self.realizedPnL = Self.money(realizedTicks)
        self.averageCost =
            Price.average(ticks: costTicks, quantity: quantity)
        self.lastPrice = lastPrice
        if let lastPrice {
            let valueTicks = Int128(quantity) * Int128(lastPrice.ticks)
            self.marketValue = Self.money(valueTicks)
            self.unrealizedPnL = Self.money(valueTicks - costTicks)
        } else {
            self.marketValue = nil
            self.unrealizedPnL = nil
        }
    }

    /// Whether no shares are held either way.
    public var isFlat: Bool { quantity == 0 }

    private static func money(_ ticks: Int128) -> ExactDecimal {
        ExactDecimal(significand: ticks, scale: Price.places)
    }
}
