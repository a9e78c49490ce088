/// An order's kind as flat fields, the way a database row, the API's JSON and a CSV row carry
/// it: the type's name, the limit price, the stop price it was placed with, and the trail (an
/// amount or a percent). `OrderKind.fields` and `OrderKind(_:)` are the one mapping each way,
/// by exhaustive switches: a new kind or type does not compile until both handle it.
public struct OrderKindFields: Hashable, Sendable {
    public var type: OrderType
    public var limitPrice: Price?
    /// The stop price a `stop` or `stopLimit` was placed with (a trailing stop's moves are the
    /// order's, `Order.stopPrice`).
    public var stopPrice: Price?
    public var trailAmount: Price?
    public var trailPercent: TrailPercent?

    public init(
        type: OrderType, limitPrice: Price? = nil, stopPrice: Price? = nil, trailAmount: Price? = nil,
        trailPercent: TrailPercent? = nil
    ) {
        self.type = type
        self.limitPrice = limitPrice
        self.stopPrice = stopPrice
        self.trailAmount = trailAmount
        self.trailPercent = trailPercent
    }
}

extension OrderKind {
    /// The kind as flat fields; those it does not use are nil.
    public var fields: OrderKindFields {
        switch self {
        case .market: OrderKindFields(type: .market)
        case .limit(let limit): OrderKindFields(type: .limit, limitPrice: limit)
        case .stop(let stop): OrderKindFields(type: .stop, stopPrice: stop)
        case .stopLimit(let stop, let limit): OrderKindFields(type: .stopLimit, limitPrice: limit, stopPrice: stop)
        case .trailingStop(.amount(let amount)): OrderKindFields(type: .trailingStop, trailAmount: amount)
        case .trailingStop(.percent(let percent)): OrderKindFields(type: .trailingStop, trailPercent: percent)
        }
    }

    /// The kind `fields` describe, or nil when its type lacks a price it needs (a trailing stop
    /// with both trails takes the amount). Fields the type does not use are ignored.
    public init?(_ fields: OrderKindFields) {
        switch fields.type {
        case .market:
            self = .market
        case .limit:
            guard let limit = fields.limitPrice else { return nil }
            self = .limit(limit)
        case .stop:
            guard let stop = fields.stopPrice else { return nil }
            self = .stop(stop)
        case .stopLimit:
            guard let stop = fields.stopPrice, let limit = fields.limitPrice else { return nil }
            self = .stopLimit(stop: stop, limit: limit)
        case .trailingStop:
            if let amount = fields.trailAmount {
                self = .trailingStop(.amount(amount))
            } else if let percent = fields.trailPercent {
                self = .trailingStop(.percent(percent))
            } else {
                return nil
            }
        }
    }
}
