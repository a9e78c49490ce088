/// What the user asks for: side, kind (with its prices), whole-share quantity, time in force and
/// an optional bracket.
///
/// Only a valid request exists: this initializer is the one place the rules of SPEC.md §10 are
/// checked, and every door (the API, replay lines, the fuzz harness) reaches it through
/// `OrderRequest.parse(_:)`, which reads the JSON and refuses each bad field with an `OrderError`.
public struct OrderRequest: Hashable, Sendable {
    /// The largest quantity one order may ask for.
    public static let maxQuantity = 1_000_000_000

    public let side: Side
    public let kind: OrderKind
    public let quantity: Int
    public let timeInForce: TimeInForce
    /// Take-profit and stop-loss exits for a market or limit entry.
    public let bracket: Bracket?

    /// The type as the API names it.
    public var type: OrderType { kind.type }
    /// The limit price: a limit order's, or the limit of a stop-limit once triggered.
    public var limitPrice: Price? { kind.limitPrice }

    /// A market order (immediate or cancel unless `fok`).
    public static func market(
        _ side: Side, quantity: Int, timeInForce: TimeInForce = .ioc, bracket: Bracket? = nil
    ) throws(OrderError) -> OrderRequest {
        try OrderRequest(side: side, kind: .market, quantity: quantity, timeInForce: timeInForce, bracket: bracket)
    }

    /// A limit order (good till cancelled unless told otherwise).
    public static func limit(
        _ side: Side, quantity: Int, price: Price, timeInForce: TimeInForce = .gtc, bracket: Bracket? = nil
    ) throws(OrderError) -> OrderRequest {
        try OrderRequest(side: side, kind: .limit(price), quantity: quantity, timeInForce: timeInForce, bracket: bracket)
    }

    /// Checks every rule that does not depend on the text the request came from: quantity, prices
    /// above zero, the time in force the kind takes, a bracket only on a market or limit entry with
    /// its prices in order. `timeInForce` nil is the kind's default.
    public init(
        side: Side, kind: OrderKind, quantity: Int, timeInForce: TimeInForce? = nil, bracket: Bracket? = nil
    ) throws(OrderError) {
        guard quantity > 0 else { throw .quantityNotPositive(String(quantity)) }
        guard quantity <= Self.maxQuantity else { throw .quantityTooLarge(String(quantity)) }
        switch kind {
        case .market: break
        case .limit(let limit): try Self.positive(limit, .price)
        case .stop(let stop): try Self.positive(stop, .stopPrice)
        case .stopLimit(let stop, let limit):
            try Self.positive(stop, .stopPrice)
            try Self.positive(limit, .price)
        case .trailingStop(.amount(let amount)): try Self.positive(amount, .trailAmount)
        case .trailingStop(.percent): break
        }
        let tif = timeInForce ?? .default(for: kind.type)
        guard TimeInForce.allowed(for: kind.type).contains(tif) else { throw .timeInForceNotAllowed(tif, for: kind.type) }
        if let bracket { try Self.check(bracket, side: side, kind: kind) }
        self.side = side
        self.kind = kind
        self.quantity = quantity
        self.timeInForce = tif
        self.bracket = bracket
    }

    private static func positive(_ price: Price, _ field: OrderField) throws(OrderError) {
        guard price.ticks > 0 else { throw .priceNotPositive(field, price.description) }
    }

    /// A bracket: only on a market or limit entry; for a buy, takeProfit above stopLoss and, on a
    /// limit entry, takeProfit above the limit and stopLoss below it; mirrored for a sell.
    private static func check(_ bracket: Bracket, side: Side, kind: OrderKind) throws(OrderError) {
        guard kind.type.takesBracket else {
            throw .notTaken(bracket.takeProfit != nil ? .takeProfit : .stopLoss, by: kind.type, given: "a bracket")
        }
        // A market entry has none; a limit entry's bounds the exits.
        let limit = kind.limitPrice
        if let takeProfit = bracket.takeProfit { try positive(takeProfit, .takeProfit) }
        if let stopLoss = bracket.stopLoss { try positive(stopLoss, .stopLoss) }
        let above = side == .buy ? "above" : "below"
        let below = side == .buy ? "below" : "above"
        // Whether `a` is beyond `b` in the direction a profit lies for this side.
        func beyond(_ a: Price, _ b: Price) -> Bool { side == .buy ? a > b : a < b }
        if let takeProfit = bracket.takeProfit, let stopLoss = bracket.stopLoss, !beyond(takeProfit, stopLoss) {
            throw .bracketOutOfOrder(
                "takeProfit \(takeProfit) must be \(above) stopLoss \(stopLoss) for a \(side.rawValue)")
        }
        guard let limit else { return }
        if let takeProfit = bracket.takeProfit, !beyond(takeProfit, limit) {
            throw .bracketOutOfOrder("takeProfit \(takeProfit) must be \(above) the limit \(limit) for a \(side.rawValue)")
        }
        if let stopLoss = bracket.stopLoss, !beyond(limit, stopLoss) {
            throw .bracketOutOfOrder("stopLoss \(stopLoss) must be \(below) the limit \(limit) for a \(side.rawValue)")
        }
    }
}
